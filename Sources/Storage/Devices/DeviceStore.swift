import Devices
import Foundation
import GRDB

/// The devices table. A device row is created on its first write, not on every anonymous visit.
public struct DeviceStore: DevicePreferencesStore {
    let pool: DatabasePool

    /// The device's preferences, or nil when it has never stored anything.
    public func preferences(of device: DeviceID) async throws -> DevicePreferences? {
        try await pool.read { db in try Self.preferences(of: device, in: db) }
    }

    static func preferences(of device: DeviceID, in db: Database) throws -> DevicePreferences? {
        try Row.fetchOne(db, sql: "SELECT language, timeZone FROM device WHERE id = ?", arguments: [device.rawValue])
            .map { DevicePreferences(language: $0["language"], timeZone: $0["timeZone"]) }
    }

    /// Remembers the device's language; nil returns it to Accept-Language.
    public func setLanguage(_ language: String?, for device: DeviceID) async throws {
        try await pool.write { db in
            try Self.ensure(device, in: db)
            try db.execute(sql: "UPDATE device SET language = ? WHERE id = ?", arguments: [language, device.rawValue])
        }
    }

    /// Remembers the device's time zone (an IANA identifier the caller has checked).
    public func setTimeZone(_ identifier: String, for device: DeviceID) async throws {
        try await pool.write { db in
            try Self.ensure(device, in: db)
            try db.execute(sql: "UPDATE device SET timeZone = ? WHERE id = ?", arguments: [identifier, device.rawValue])
        }
    }

    public func count() async throws -> Int {
        try await pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM device") ?? 0 }
    }

    static func ensure(_ device: DeviceID, in db: Database) throws {
        try db.execute(
            sql: "INSERT OR IGNORE INTO device (id, createdAt) VALUES (?, ?)",
            arguments: [device.rawValue, Date()])
    }
}
