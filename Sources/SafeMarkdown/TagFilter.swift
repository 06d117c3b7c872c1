/// GitHub's tagfilter extension (GFM spec, "Disallowed Raw HTML"): in raw HTML, the `<` of these
/// tags is written as `&lt;`, so the tag shows as text. A README that mentions `<textarea>`
/// shows the word, and the README after it is still there.
///
/// cmark-gfm applies it in its own HTML renderer, which we do not use, so raw HTML nodes go
/// through this before they are tokenized.
enum TagFilter {
    static let filteredNames: [[UInt8]] = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
        .map { Array($0.utf8) }

    static func filtered(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard bytes.contains(UInt8(ascii: "<")) else { return html }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "<"), isFilteredTag(bytes, openingAt: index) {
                result += Array("&lt;".utf8)
            } else {
                result.append(bytes[index])
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `<name` or `</name`, in any case, followed by whitespace, `/`, `>` or the end.
    private static func isFilteredTag(_ bytes: [UInt8], openingAt start: Int) -> Bool {
        var nameStart = start + 1
        if nameStart < bytes.count, bytes[nameStart] == UInt8(ascii: "/") { nameStart += 1 }
        return filteredNames.contains { name in
            let end = nameStart + name.count
            guard end <= bytes.count else { return false }
            for offset in 0..<name.count where bytes[nameStart + offset] | 0x20 != name[offset] {
                return false
            }
            guard end < bytes.count else { return true }
            return [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), 0x0C, UInt8(ascii: "\r"),
                    UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[end])
        }
    }
}
