/// The README text as the parser should see it.
enum MarkdownSource {
    /// The longest prefix of `text` that fits in `limit` UTF-8 bytes without cutting a scalar.
    static func truncated(_ text: String, toUTF8Bytes limit: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > limit else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        while end.samePosition(in: text.unicodeScalars) == nil {
            end = utf8.index(before: end)
        }
        return String(text[..<end])
    }
}
