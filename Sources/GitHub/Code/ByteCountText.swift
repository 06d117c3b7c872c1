import Localization

/// A file's size as the code browser writes it (issue 49): `512 B`, `1.2 KB`, `3.4 MB` (powers of
/// 1,024, as GitHub's file pages count), one decimal below 10 and none above, the decimal sign and
/// unit names of the language (`1,2 КБ`, `1,2 KB`).
enum ByteCountText {
    static func text(_ bytes: Int, catalogue: Catalogue) -> String {
        let bytes = max(0, bytes)
        if bytes < 1024 { return catalogue.text("github.size.bytes", ["number": String(bytes)]) }
        let (value, key) = bytes < 1024 * 1024
            ? (Double(bytes) / 1024, "github.size.kilobytes") : (Double(bytes) / (1024 * 1024), "github.size.megabytes")
        return catalogue.text(key, ["number": number(value, language: catalogue.language)])
    }

    /// `1.2` / `1,2`, or a whole number from 10 up.
    private static func number(_ value: Double, language: Language) -> String {
        if value >= 9.95 { return NumberText.format(Int(value.rounded()), language: language) }
        let tenths = Int((value * 10).rounded())
        let separator = language == .en ? "." : ","
        return "\(tenths / 10)\(separator)\(tenths % 10)"
    }
}
