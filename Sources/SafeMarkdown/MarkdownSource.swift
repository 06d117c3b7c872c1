/// The README text as Ink should see it: cut to the size limit, with one kind of line break.
///
/// Ink treats every `Character.isNewline` as a line break, but this package splits blocks on
/// `\n` only, so the two must agree: `\r\n` and `\r` become `\n`, and the rarer line-breaking
/// characters (vertical tab, form feed, NEL, U+2028, U+2029) become spaces.
enum MarkdownSource {
    static func prepared(_ markdown: String) -> String {
        normalized(truncated(markdown, toUTF8Bytes: ReadmeLimits.maximumMarkdownBytes))
    }

    /// The longest prefix of `text` that fits in `limit` UTF-8 bytes without cutting a scalar.
    static func truncated(_ text: String, toUTF8Bytes limit: Int) -> Substring.UnicodeScalarView {
        let utf8 = text.utf8
        guard utf8.count > limit else { return text[...].unicodeScalars }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        while end.samePosition(in: text.unicodeScalars) == nil {
            end = utf8.index(before: end)
        }
        return text.unicodeScalars[..<end]
    }

    static func normalized(_ scalars: Substring.UnicodeScalarView) -> String {
        var result = String.UnicodeScalarView()
        result.reserveCapacity(scalars.count)
        var previousWasCarriageReturn = false
        for scalar in scalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0D:
                result.append("\n")
            case 0x0A where previousWasCarriageReturn:
                continue
            case 0x0A, 0x09:
                result.append(scalar)
            case 0x00:
                result.append("\u{FFFD}")
            case 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                result.append(" ")
            case 0x01...0x1F, 0x7F:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
