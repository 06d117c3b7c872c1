/// An `href` or `src` as written, split into the address and an optional title.
///
/// Ink 0.6.0 does not know link titles or `<…>` destinations: for `[x](url "Title")` it writes
/// `href="url &quot;Title&quot;"` (the quotes escaped by `InkInlineRewriter`). This recovers
/// the parts CommonMark means. A value that is not of that shape is taken whole.
struct LinkDestination: Equatable {
    var address: String
    var title: String?

    init(parsing value: String) {
        let trimmed = value.trimmingURLWhitespace()
        if trimmed.hasPrefix("<"), let close = trimmed.firstIndex(of: ">") {
            address = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            title = Self.title(in: trimmed[trimmed.index(after: close)...])
            return
        }
        if let space = trimmed.firstIndex(where: \.isWhitespace),
           let title = Self.title(in: trimmed[space...]) {
            address = String(trimmed[..<space])
            self.title = title
            return
        }
        address = trimmed
        title = nil
    }

    /// `"title"`, `'title'` or `(title)` after whitespace, and nothing else.
    private static func title(in text: Substring) -> String? {
        let trimmed = text.trimmingURLWhitespace()
        guard trimmed.count >= 2, let first = trimmed.first, let last = trimmed.last else { return nil }
        let closingFor: [Character: Character] = ["\"": "\"", "'": "'", "(": ")"]
        guard closingFor[first] == last else { return nil }
        return String(trimmed.dropFirst().dropLast())
    }
}

extension StringProtocol {
    /// Without the whitespace and control characters at both ends (browsers strip these from
    /// URLs before reading them).
    func trimmingURLWhitespace() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0.value <= 0x20 || $0.properties.isWhitespace || $0.value == 0x7F }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
