/// Text as HTML text or attribute content: `&`, `<`, `>`, `"` and `'` as character references.
enum HTMLEscaping {
    static func append(_ text: String, to markup: inout String) {
        var utf8 = text.utf8[...]
        while let special = utf8.firstIndex(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) {
            markup += Substring(utf8[utf8.startIndex..<special])
            switch utf8[special] {
            case 0x26: markup += "&amp;"
            case 0x3C: markup += "&lt;"
            case 0x3E: markup += "&gt;"
            case 0x22: markup += "&quot;"
            default: markup += "&#39;"
            }
            utf8 = utf8[utf8.index(after: special)...]
        }
        markup += Substring(utf8)
    }

    static func escaped(_ text: String) -> String {
        var markup = ""
        append(text, to: &markup)
        return markup
    }
}
