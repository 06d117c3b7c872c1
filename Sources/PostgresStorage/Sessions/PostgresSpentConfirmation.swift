import Devices
import Foundation
import Persistence
import PostgresNIO

extension SpentConfirmation {
    /// Inside the transaction that applies the preview: records it as applied for `owner` (and
    /// lets expired records go), or throws `AlreadyConfirmed`, so the transaction rolls back. Two
    /// servers confirming at once: the second's insert waits for the first's transaction, then
    /// finds the digest.
    func spend(for owner: DeviceID, at date: Date, on connection: PostgresConnection, of pool: PostgresPool) async throws {
        try await pool.run("DELETE FROM spentUpload WHERE expiresAt <= \(date)", on: connection).drain()
        try await PostgresDeviceStore.ensure(owner, on: connection, of: pool)
        let inserted = try await !pool.run("""
            INSERT INTO spentUpload (digest, deviceID, expiresAt) VALUES (\(digest), \(owner.rawValue), \(expiresAt))
            ON CONFLICT (digest) DO NOTHING RETURNING 1
            """, on: connection).isEmpty()
        guard inserted else { throw AlreadyConfirmed() }
    }
}
