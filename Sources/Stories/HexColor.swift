internal import StoriesSettings

/// Hex colour text, through the C settings model (SG-6, SG-7).
public enum HexColor {
    /// `#rgb` or `#rrggbb`, the `#` optional, either case → 0xRRGGBB.
    public static func parse(_ text: String) throws(SettingsError) -> UInt32 {
        var rgb: UInt32 = 0
        let status = withCText(text) { sg_hex_parse($0, $1, &rgb) }
        if let error = SettingsError(status) { throw error }
        return rgb
    }

    /// `#rrggbb` in lower case; values above 0xffffff keep their low 24 bits.
    public static func format(_ rgb: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(SG_HEX_CAPACITY))
        _ = sg_hex_format(rgb & 0xFF_FFFF, &buffer, buffer.count)
        return String(decoding: buffer.prefix(7).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Calls `body` with the UTF-8 bytes of `text` as a C pointer and a length (not NUL-terminated).
func withCText<Result>(_ text: String, _ body: (UnsafePointer<CChar>?, Int) -> Result) -> Result {
    var text = text
    return text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress, $0.count) }
    }
}
