import Devices
import Foundation
import GitHub
import GRDB
import SecretSealing

/// One device's secrets (GH-6: the GitHub token survives a restart), sealed by `SecretSealer`
/// before they are written: the `deviceSecret` table holds only AES-GCM ciphertext. Seeing only
/// its owner's rows; a device's secrets go when the device does (foreign key cascade).
public struct SQLiteGitHubTokenStore: KeyValueStorage {
    let pool: DatabasePool
    let owner: DeviceID
    let sealer: SecretSealer

    /// Sealed values are bound to device and name, so a row copied elsewhere does not open.
    private func context(_ key: String) -> String { SecretSealer.context(owner: owner.rawValue, name: key) }

    /// The secret stored under `key`, or nil. A value that no longer opens (the key file was
    /// replaced) reads as absent: the person signs in again rather than seeing an error forever.
    public func string(forKey key: String) async throws -> String? {
        let sealed = try await pool.read { [owner] db in
            try Data.fetchOne(db, sql: "SELECT sealed FROM deviceSecret WHERE deviceID = ? AND name = ?", arguments: [owner.rawValue, key])
        }
        guard let sealed else { return nil }
        return try? sealer.open(sealed, context: context(key))
    }

    public func set(_ value: String, forKey key: String) async throws {
        let sealed = try sealer.seal(value, context: context(key))
        try await pool.write { [owner] db in
            try DeviceStore.ensure(owner, in: db)
            try db.execute(sql: """
                INSERT INTO deviceSecret (deviceID, name, sealed) VALUES (?, ?, ?)
                ON CONFLICT (deviceID, name) DO UPDATE SET sealed = excluded.sealed
                """, arguments: [owner.rawValue, key, sealed])
        }
    }

    public func remove(forKey key: String) async throws {
        try await pool.write { [owner] db in
            try db.execute(sql: "DELETE FROM deviceSecret WHERE deviceID = ? AND name = ?", arguments: [owner.rawValue, key])
        }
    }
}
