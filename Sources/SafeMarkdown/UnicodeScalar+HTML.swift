/// The character classes of the HTML standard, on scalars.
extension Unicode.Scalar {
    var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }

    var isASCIIDigit: Bool {
        ("0"..."9").contains(self)
    }

    var isASCIIHexDigit: Bool {
        isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self)
    }

    /// Tab, line feed, form feed, carriage return and space: HTML's whitespace.
    var isHTMLWhitespace: Bool {
        switch value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: true
        default: false
        }
    }

    var asciiLowercased: Unicode.Scalar {
        ("A"..."Z").contains(self) ? Unicode.Scalar(value + 32)! : self
    }
}

extension StringProtocol {
    /// Without the whitespace and control characters at both ends (browsers strip these from
    /// URLs before reading them).
    func trimmingURLWhitespace() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = {
            $0.value <= 0x20 || $0.value == 0x7F || ($0.value > 0x7F && $0.properties.isWhitespace)
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return String(self) }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
