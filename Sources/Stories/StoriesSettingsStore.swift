/// Where one device's drawing settings are kept (SG-6): the story screen reads them, the Settings
/// screen changes them. Storage implements it on SQLite; tests keep it in memory.
public protocol StoriesSettingsStore: Sendable {
    /// The stored settings, or `DrawingSettings.default` before the first change.
    func settings() async throws -> DrawingSettings
    /// Reads the settings, applies `change` and stores the result as one step, so a switch flipped
    /// while a colour is being chosen loses neither; returns what was stored.
    @discardableResult
    func update(_ change: @escaping @Sendable (inout DrawingSettings) -> Void) async throws -> DrawingSettings
}
