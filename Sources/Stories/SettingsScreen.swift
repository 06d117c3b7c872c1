/// What the Settings tab shows (SG-6): the "Draw stories" switch and the palette, one row per
/// colour with a check mark on the current one. Names are catalogue keys; the face translates them.
public struct SettingsScreen: Hashable, Sendable {
    public struct ColorRow: Hashable, Sendable, Identifiable {
        public let id: String
        public let nameKey: String
        /// `#rrggbb`, the colour the name is written in.
        public let hex: String
        public let isSelected: Bool
    }

    public let isDrawingEnabled: Bool
    public let colors: [ColorRow]

    public init(settings: DrawingSettings) {
        isDrawingEnabled = settings.isDrawingEnabled
        colors = PaletteColor.all.map {
            ColorRow(id: $0.id, nameKey: $0.nameKey, hex: $0.hex, isSelected: $0 == settings.color)
        }
    }
}

/// One change the Settings screen asks for: the switch to a state, or a palette colour by id.
public enum SettingsChange: Hashable, Sendable {
    case drawing(enabled: Bool)
    case color(id: String)

    /// Applies the change; an id outside the palette is refused and nothing changes.
    public func apply(to settings: inout DrawingSettings) throws(SettingsError) {
        switch self {
        case .drawing(let enabled): settings.isDrawingEnabled = enabled
        case .color(let id): try settings.setColor(id: id)
        }
    }
}
