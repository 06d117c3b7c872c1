import Devices
import GRDB
import Persistence
import Stories

/// Stories & Gallery on SQLite: each device's drawing settings.
public enum StoriesSQLiteStorage: SQLiteAppStorage {
    public static let migrations = [
        SQLiteMigration("stories.1-settings", formerly: "v9-stories-settings") { db in
            // A device's Stories & Gallery settings (SG-6), in the text form of the C settings model
            // (SG-7): `v1;draw=1;color=#f3af22`.
            try db.create(table: "storiesSettings") { table in
                table.primaryKey("deviceID", .text)
                    .references("device", onDelete: .cascade)
                table.column("settings", .text).notNull()
            }
        },
    ]

    public static func backup(of owner: DeviceID, in db: Database) throws -> StoriesBackup {
        StoriesBackup(settings: try SQLiteStoriesSettingsStore.settings(of: owner, in: db).serialized)
    }

    public static func restore(_ backup: StoriesBackup, for owner: DeviceID, in db: Database) throws {
        guard let settings = try? DrawingSettings(serialized: backup.settings) else {
            throw BackupRejected(section: "stories", reason: "settings \(backup.settings)")
        }
        try SQLiteStoriesSettingsStore.write(settings, of: owner, in: db)
    }
}

extension AppDatabase {
    public func storiesSettingsStore(owner: DeviceID) -> SQLiteStoriesSettingsStore {
        SQLiteStoriesSettingsStore(pool: pool, owner: owner)
    }
}
