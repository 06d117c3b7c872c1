import Devices
import Foundation
import PostgresNIO

/// The `device` table on PostgreSQL. A device row is created on its first write, not on every
/// anonymous visit; each change is one statement, so two servers creating the same device at
/// once make one row and keep both changes.
public struct PostgresDeviceStore: DevicePreferencesStore {
    let pool: PostgresPool

    public func preferences(of device: DeviceID) async throws -> DevicePreferences? {
        try await pool.query("SELECT language, timeZone FROM device WHERE id = \(device.rawValue)")
            .rows((String?, String?).self)
            .first.map { DevicePreferences(language: $0.0, timeZone: $0.1) }
    }

    public func setLanguage(_ language: String?, for device: DeviceID) async throws {
        try await pool.query("""
            INSERT INTO device (id, createdAt, language) VALUES (\(device.rawValue), \(Date()), \(language))
            ON CONFLICT (id) DO UPDATE SET language = excluded.language
            """).drain()
    }

    public func setTimeZone(_ identifier: String, for device: DeviceID) async throws {
        try await pool.query("""
            INSERT INTO device (id, createdAt, timeZone) VALUES (\(device.rawValue), \(Date()), \(identifier))
            ON CONFLICT (id) DO UPDATE SET timeZone = excluded.timeZone
            """).drain()
    }

    public func count() async throws -> Int {
        try await pool.query("SELECT count(*) FROM device").value(Int.self) ?? 0
    }

    /// Makes `device`'s row when it has none, inside a write that is about to give it data.
    static func ensure(_ device: DeviceID, on connection: PostgresConnection, of pool: PostgresPool) async throws {
        try await pool.run(
            "INSERT INTO device (id, createdAt) VALUES (\(device.rawValue), \(Date())) ON CONFLICT (id) DO NOTHING", on: connection)
    }

    /// Makes the device row if missing and locks it until the transaction ends, so one owner's
    /// writes that check a limit take turns. `FOR NO KEY UPDATE`: it does not wait for, nor hold
    /// up, the foreign-key checks of other writes that only reference the device.
    static func lockForWriting(_ device: DeviceID, on connection: PostgresConnection, of pool: PostgresPool) async throws {
        try await ensure(device, on: connection, of: pool)
        try await pool.run("SELECT id FROM device WHERE id = \(device.rawValue) FOR NO KEY UPDATE", on: connection).drain()
    }
}
