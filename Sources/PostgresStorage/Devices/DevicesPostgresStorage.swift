import Devices
import PostgresNIO

/// The devices table: the owner every app's rows belong to (a row goes with its device, by
/// cascade), and the device's language and time zone.
public enum DevicesPostgresStorage: PostgresAppStorage {
    public static let migrations = [
        PostgresMigration("devices.1-device", formerly: "v1-devices", [
            """
            CREATE TABLE device (
                id text PRIMARY KEY,
                createdAt timestamptz NOT NULL,
                language text,
                timeZone text
            )
            """,
        ]),
    ]

    public static func backup(of owner: DeviceID, in transaction: PostgresTransaction) async throws -> DevicePreferences {
        try await transaction.query("SELECT language, timeZone FROM device WHERE id = \(owner.rawValue)")
            .rows((String?, String?).self).first.map { DevicePreferences(language: $0.0, timeZone: $0.1) } ?? .empty
    }

    public static func restore(_ backup: DevicePreferences, for owner: DeviceID, in transaction: PostgresTransaction) async throws {
        try await PostgresDeviceStore.ensure(owner, on: transaction.connection, of: transaction.pool)
        try await transaction.query(
            "UPDATE device SET language = \(backup.language), timeZone = \(backup.timeZone) WHERE id = \(owner.rawValue)")
    }
}

extension PostgresAppDatabase {
    public var devices: PostgresDeviceStore { PostgresDeviceStore(pool: pool) }
}
