import Devices
import PostgresNIO
import Stories

/// `StoriesSettingsStore` on the `storiesSettings` table, for one owner, in the C model's text
/// form (SG-7). A change locks the row first, so a switch flipped on one server while a colour is
/// chosen on another loses neither.
public struct PostgresStoriesSettingsStore: StoriesSettingsStore {
    let pool: PostgresPool
    public let owner: DeviceID

    public func settings() async throws -> DrawingSettings {
        let text = try await pool.query("SELECT settings FROM storiesSettings WHERE deviceID = \(owner.rawValue)").value(String.self)
        return Self.settings(from: text)
    }

    @discardableResult
    public func update(_ change: @escaping @Sendable (inout DrawingSettings) -> Void) async throws -> DrawingSettings {
        try await pool.write { [owner, pool] connection in
            try await PostgresDeviceStore.ensure(owner, on: connection, of: pool)
            try await pool.run("""
                INSERT INTO storiesSettings (deviceID, settings) VALUES (\(owner.rawValue), \(DrawingSettings.default.serialized))
                ON CONFLICT (deviceID) DO NOTHING
                """, on: connection)
            let text = try await pool.run(
                "SELECT settings FROM storiesSettings WHERE deviceID = \(owner.rawValue) FOR UPDATE", on: connection
            ).value(String.self)
            var settings = Self.settings(from: text)
            change(&settings)
            try await pool.run(
                "UPDATE storiesSettings SET settings = \(settings.serialized) WHERE deviceID = \(owner.rawValue)", on: connection)
            return settings
        }
    }

    /// A row the C model cannot read (written by hand, or by a later version) counts as none: the
    /// person sees the defaults and their next change replaces it.
    static func settings(from text: String?) -> DrawingSettings {
        text.flatMap { try? DrawingSettings(serialized: $0) } ?? .default
    }
}
