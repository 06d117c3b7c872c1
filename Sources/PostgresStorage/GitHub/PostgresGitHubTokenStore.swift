import Devices
import Foundation
import GitHub
import PostgresNIO
import SecretSealing

/// One device's secrets (GH-6) on the `deviceSecret` table, sealed by `SecretSealer` before they
/// leave the process: the database holds only AES-GCM ciphertext, bound to its device and name.
/// A device's secrets go when the device does (foreign key cascade).
public struct PostgresGitHubTokenStore: KeyValueStorage {
    let pool: PostgresPool
    let owner: DeviceID
    let sealer: SecretSealer

    private func context(_ key: String) -> String { SecretSealer.context(owner: owner.rawValue, name: key) }

    /// The secret stored under `key`, or nil. A value that no longer opens (the key was replaced)
    /// reads as absent: the person signs in again rather than seeing an error forever.
    public func string(forKey key: String) async throws -> String? {
        let sealed = try await pool.query(
            "SELECT sealed FROM deviceSecret WHERE deviceID = \(owner.rawValue) AND name = \(key)"
        ).value(Data.self)
        guard let sealed else { return nil }
        return try? sealer.open(sealed, context: context(key))
    }

    public func set(_ value: String, forKey key: String) async throws {
        let sealed = try sealer.seal(value, context: context(key))
        try await pool.query("""
            WITH owner AS (
                INSERT INTO device (id, createdAt) VALUES (\(owner.rawValue), \(Date())) ON CONFLICT (id) DO NOTHING
            )
            INSERT INTO deviceSecret (deviceID, name, sealed) VALUES (\(owner.rawValue), \(key), \(sealed))
            ON CONFLICT (deviceID, name) DO UPDATE SET sealed = excluded.sealed
            """).drain()
    }

    public func remove(forKey key: String) async throws {
        try await pool.query("DELETE FROM deviceSecret WHERE deviceID = \(owner.rawValue) AND name = \(key)").drain()
    }
}
