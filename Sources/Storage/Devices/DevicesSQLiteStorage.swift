import Devices
import Foundation
import GRDB

/// The devices table: the owner every app's rows belong to (a row goes with its device, by
/// cascade), and the device's language and time zone.
public enum DevicesSQLiteStorage: SQLiteAppStorage {
    public static let migrations = [
        SQLiteMigration("devices.1-device", formerly: "v1-devices") { db in
            try db.create(table: "device") { table in
                table.primaryKey("id", .text)
                table.column("createdAt", .datetime).notNull()
                table.column("language", .text)
                table.column("timeZone", .text)
            }
        },
    ]

    public static func backup(of owner: DeviceID, in db: Database) throws -> DevicePreferences {
        try DeviceStore.preferences(of: owner, in: db) ?? .empty
    }

    public static func restore(_ backup: DevicePreferences, for owner: DeviceID, in db: Database) throws {
        try DeviceStore.ensure(owner, in: db)
        try db.execute(
            sql: "UPDATE device SET language = ?, timeZone = ? WHERE id = ?", arguments: [backup.language, backup.timeZone, owner.rawValue])
    }
}

extension AppDatabase {
    public var devices: DeviceStore { DeviceStore(pool: pool) }
}
