import Devices
import Persistence
import PostgresNIO
import Stories

/// Stories & Gallery on PostgreSQL: each device's drawing settings.
public enum StoriesPostgresStorage: PostgresAppStorage {
    public static let migrations = [
        PostgresMigration("stories.1-settings", formerly: "v6-stories-settings", [
            // A device's Stories & Gallery settings (SG-6), in the C model's text form (SG-7).
            """
            CREATE TABLE storiesSettings (
                deviceID text PRIMARY KEY REFERENCES device (id) ON DELETE CASCADE,
                settings text NOT NULL
            )
            """,
        ]),
    ]

    public static func backup(of owner: DeviceID, in transaction: PostgresTransaction) async throws -> StoriesBackup {
        let text = try await transaction.query("SELECT settings FROM storiesSettings WHERE deviceID = \(owner.rawValue)").value(String.self)
        return StoriesBackup(settings: PostgresStoriesSettingsStore.settings(from: text).serialized)
    }

    public static func restore(_ backup: StoriesBackup, for owner: DeviceID, in transaction: PostgresTransaction) async throws {
        guard let settings = try? DrawingSettings(serialized: backup.settings) else {
            throw BackupRejected(section: "stories", reason: "settings \(backup.settings)")
        }
        try await PostgresDeviceStore.ensure(owner, on: transaction.connection, of: transaction.pool)
        try await transaction.query("""
            INSERT INTO storiesSettings (deviceID, settings) VALUES (\(owner.rawValue), \(settings.serialized))
            ON CONFLICT (deviceID) DO UPDATE SET settings = excluded.settings
            """)
    }
}

extension PostgresAppDatabase {
    public func storiesSettingsStore(owner: DeviceID) -> PostgresStoriesSettingsStore {
        PostgresStoriesSettingsStore(pool: pool, owner: owner)
    }
}
