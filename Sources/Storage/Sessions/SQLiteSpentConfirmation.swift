import Devices
import Foundation
import GRDB
import Persistence

extension SpentConfirmation {
    /// Inside the write that applies the preview: records it as applied for `owner` (and lets
    /// expired records go), or throws `AlreadyConfirmed`, so the write rolls back.
    func spend(for owner: DeviceID, at date: Date, in db: Database) throws {
        try db.execute(sql: "DELETE FROM spentUpload WHERE expiresAt <= ?", arguments: [date])
        try DeviceStore.ensure(owner, in: db)
        try db.execute(sql: "INSERT INTO spentUpload (digest, deviceID, expiresAt) VALUES (?, ?, ?) ON CONFLICT (digest) DO NOTHING",
                       arguments: [digest, owner.rawValue, expiresAt])
        guard db.changesCount == 1 else { throw AlreadyConfirmed() }
    }
}
