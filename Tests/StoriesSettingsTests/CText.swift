import StoriesSettings

/// Calls `body` with `text`'s UTF-8 bytes as C characters and their count (no NUL needed).
func withBytes<Result>(_ text: String, _ body: (UnsafePointer<CChar>?, Int) -> Result) -> Result {
    let bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
    return bytes.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
}

func parseHex(_ text: String) -> (SGStatus, UInt32?) {
    var rgb: UInt32 = 0xDEAD_BEEF
    let status = withBytes(text) { sg_hex_parse($0, $1, &rgb) }
    return (status, rgb == 0xDEAD_BEEF ? nil : rgb)
}

func formatHex(_ rgb: UInt32) -> String? {
    var buffer = [CChar](repeating: 0x7F, count: Int(SG_HEX_CAPACITY))
    guard sg_hex_format(rgb, &buffer, buffer.count) == .OK else { return nil }
    return text(buffer)
}

func parseSettings(_ text: String) -> (SGStatus, SGSettings) {
    var settings = SGSettings(drawing_enabled: false, color: 0x123456)
    let status = withBytes(text) { sg_settings_parse($0, $1, &settings) }
    return (status, settings)
}

func formatSettings(_ settings: SGSettings) -> (SGStatus, String) {
    var settings = settings
    var buffer = [CChar](repeating: 0, count: Int(SG_SETTINGS_CAPACITY))
    let status = sg_settings_format(&settings, &buffer, buffer.count)
    return (status, status == .OK ? text(buffer) : "")
}

/// The text of a NUL-terminated C buffer.
func text(_ buffer: [CChar]) -> String {
    let end = buffer.firstIndex(of: 0) ?? buffer.count
    return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
