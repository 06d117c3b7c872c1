/// One device's Stories & Gallery settings (SG-6): what each screen draws with, and the one way
/// they change. The web face parses the request, calls this and draws what it returns.
public struct StoriesService<Store: StoriesSettingsStore>: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The Settings tab.
    public func screen() async throws -> SettingsScreen {
        SettingsScreen(settings: try await store.settings())
    }

    /// What an item's screen draws with: a story follows the device's settings; a gallery has no
    /// drawing, so it never reads them.
    public func settings(for item: StoryItem) async throws -> DrawingSettings {
        if case .story = item { try await store.settings() } else { .default }
    }

    /// The changes a Settings form asks for: `draw` is "1" or "0", `color` a palette id (checked
    /// by `apply`); either may be absent. Nil when `draw` is anything else, or nothing is asked.
    public static func changes(draw: String?, color: String?) -> [SettingsChange]? {
        var changes: [SettingsChange] = []
        switch draw {
        case nil: break
        case "1": changes.append(.drawing(enabled: true))
        case "0": changes.append(.drawing(enabled: false))
        default: return nil
        }
        if let color { changes.append(.color(id: color)) }
        return changes.isEmpty ? nil : changes
    }

    /// Applies `changes` as one step (a switch flipped while a colour is chosen loses neither) and
    /// returns what was stored. Each change is checked before anything is stored, so none is
    /// dropped on the way: a colour outside the palette throws and nothing changes.
    public func apply(_ changes: [SettingsChange]) async throws -> DrawingSettings {
        let checked = try changes.map { change throws(SettingsError) -> CheckedChange in
            switch change {
            case .drawing(let enabled): return .drawing(enabled)
            case .color(let id):
                guard let color = PaletteColor.color(id: id) else { throw SettingsError.unknownColorID }
                return .color(color)
            }
        }
        return try await store.update { settings in
            for change in checked {
                switch change {
                case .drawing(let enabled): settings.isDrawingEnabled = enabled
                case .color(let color): settings.color = color
                }
            }
        }
    }

    /// A change whose value is known to be valid, so applying it cannot fail.
    private enum CheckedChange: Sendable {
        case drawing(Bool)
        case color(PaletteColor)
    }
}
