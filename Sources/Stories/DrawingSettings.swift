internal import StoriesSettings

/// What the Settings screen sets (SG-6): whether stories are drawn over time, and the stroke colour.
/// The model and its text form live in the C target `StoriesSettings` (SG-7); this is its Swift face.
public struct DrawingSettings: Hashable, Sendable {
    /// "Draw stories": on, paths are stroked one after another; off, they appear at once.
    public var isDrawingEnabled: Bool
    public var color: PaletteColor

    public init(isDrawingEnabled: Bool, color: PaletteColor) {
        self.isDrawingEnabled = isDrawingEnabled
        self.color = color
    }

    /// Drawing on, `#f3af22` (SG-3, SG-6).
    public static let `default` = DrawingSettings(sg_settings_default())!

    /// Reads `v1;draw=1;color=#f3af22` (see `sg_settings_parse`).
    public init(serialized text: String) throws(SettingsError) {
        var settings = sg_settings_default()
        let status = withCText(text) { sg_settings_parse($0, $1, &settings) }
        if let error = SettingsError(status) { throw error }
        self = DrawingSettings(settings)!
    }

    /// The compact text form, e.g. `v1;draw=1;color=#f3af22`.
    public var serialized: String {
        var settings = cSettings
        var buffer = [CChar](repeating: 0, count: Int(SG_SETTINGS_CAPACITY))
        let status = sg_settings_format(&settings, &buffer, buffer.count)
        precondition(status == .OK, "a palette colour always formats")
        let length = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sets the colour from hex text; it must be one of the palette's.
    public mutating func setColor(hex: String) throws(SettingsError) {
        var settings = cSettings
        let status = withCText(hex) { sg_settings_set_color_hex(&settings, $0, $1) }
        if let error = SettingsError(status) { throw error }
        self = DrawingSettings(settings)!
    }

    /// Sets the colour from a palette id (`amber`).
    public mutating func setColor(id: String) throws(SettingsError) {
        var settings = cSettings
        let status = withCText(id) { sg_settings_set_color_id(&settings, $0, $1) }
        if let error = SettingsError(status) { throw error }
        self = DrawingSettings(settings)!
    }

    private var cSettings: SGSettings {
        SGSettings(drawing_enabled: isDrawingEnabled, color: color.rgb)
    }

    /// Nil when the C settings hold a colour outside the palette.
    private init?(_ settings: SGSettings) {
        guard let color = PaletteColor.color(rgb: settings.color) else { return nil }
        self.init(isDrawingEnabled: settings.drawing_enabled, color: color)
    }
}
