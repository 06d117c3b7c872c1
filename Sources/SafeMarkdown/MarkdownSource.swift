/// The README text as the parser should see it.
enum MarkdownSource {
    /// The README cut to `ReadmeLimits.maximumMarkdownBytes` and passed through the guards that
    /// keep cmark-gfm's work and ours bounded (`NestingGuard`, `TableGuard`, `InlineGuard`), each
    /// one linear pass over the bytes. A README within every cap comes out unchanged.
    static func prepared(_ markdown: String) -> String {
        let text = truncated(markdown, toUTF8Bytes: ReadmeLimits.maximumMarkdownBytes)
        var bytes = Array(text.utf8)
        var changed = false
        for guardPass in [NestingGuard.guarded, TableGuard.guarded, InlineGuard.guarded] {
            if let guarded = guardPass(bytes) {
                bytes = guarded
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

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
