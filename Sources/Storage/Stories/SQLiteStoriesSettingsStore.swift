import Devices
import GRDB
import Stories

/// `StoriesSettingsStore` on the `storiesSettings` table, for one owner. Settings are stored in
/// the C model's text form, so what is on disk is what `sg_settings_parse` validates.
public struct SQLiteStoriesSettingsStore: StoriesSettingsStore {
    let pool: DatabasePool
    public let owner: DeviceID

    public func settings() async throws -> DrawingSettings {
        try await pool.read { [owner] db in try Self.settings(of: owner, in: db) }
    }

    @discardableResult
    public func update(_ change: @escaping @Sendable (inout DrawingSettings) -> Void) async throws -> DrawingSettings {
        try await pool.write { [owner] db in
            var settings = try Self.settings(of: owner, in: db)
            change(&settings)
            try Self.write(settings, of: owner, in: db)
            return settings
        }
    }

    static func write(_ settings: DrawingSettings, of owner: DeviceID, in db: Database) throws {
        try DeviceStore.ensure(owner, in: db)
        try db.execute(
            sql: """
                INSERT INTO storiesSettings (deviceID, settings) VALUES (?, ?)
                ON CONFLICT(deviceID) DO UPDATE SET settings = excluded.settings
                """,
            arguments: [owner.rawValue, settings.serialized])
    }

    /// A row the C model cannot read (written by hand, or by a later version) counts as none: the
    /// person sees the defaults and their next change replaces it.
    static func settings(of owner: DeviceID, in db: Database) throws -> DrawingSettings {
        guard let text = try String.fetchOne(
            db.cachedStatement(sql: "SELECT settings FROM storiesSettings WHERE deviceID = ?"), arguments: [owner.rawValue])
        else { return .default }
        return (try? DrawingSettings(serialized: text)) ?? .default
    }
}
