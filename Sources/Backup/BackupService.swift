import Devices
import Foundation
import Persistence

/// Where every app's data of one owner is read and replaced, on whichever backend the deck runs:
/// the composition root implements it over its stores (`StoreBackend.backup(of:)`, `restore`).
public protocol OwnerData: Sendable {
    /// Each app's section by its id, read in one snapshot.
    func sections(of owner: DeviceID) async throws -> [String: any AppBackupSection]
    /// Replaces everything `owner` keeps by `sections` in one transaction; an app without a
    /// section is emptied. With `spending`, the transaction spends that preview's confirmation
    /// first, and throws `AlreadyConfirmed`, writing nothing, when it was spent (issue 46, item 9).
    func replace(_ owner: DeviceID, by sections: [String: any AppBackupSection], spending: SpentConfirmation?) async throws
}

/// One line of a restore's preview: "12 habits", "4,380 done days" (`key` is a plural in the
/// backup catalogue, `backup.count.*`).
public struct BackupCount: Hashable, Sendable {
    public let key: String
    public let count: Int
    /// The id of the app that shows these (`cars`); nil for what no one screen shows (settings).
    /// A restore's message links to that app (issue 50).
    public let app: String?

    public init(key: String, count: Int, app: String? = nil) {
        self.key = key
        self.count = count
        self.app = app
    }
}

/// "Export everything" and "Restore from a backup" (issue 36): the rules, over any `OwnerData`.
public struct BackupService: Sendable {
    let data: any OwnerData
    public let format: BackupFormat
    let counts: @Sendable (BackupFile) -> [BackupCount]
    let now: @Sendable () -> Date

    public init(
        data: any OwnerData, format: BackupFormat, counts: @escaping @Sendable (BackupFile) -> [BackupCount],
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.data = data
        self.format = format
        self.counts = counts
        self.now = now
    }

    /// Everything `owner` keeps, as the file to download: named by today in `timeZone`.
    public func export(_ owner: DeviceID, timeZone: TimeZone, reportedZone: String?) async throws -> (fileName: String, data: Data) {
        let exportedAt = now()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: exportedAt)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        let file = BackupFile(exportedAt: exportedAt, day: day, timeZone: reportedZone, sections: try await data.sections(of: owner))
        return (file.fileName, try format.encode(file))
    }

    /// The file, read and checked against today in the restoring device's `timeZone` and now
    /// (`BackupBounds`, issue 46, item 11); nothing is stored.
    public func read(_ bytes: Data, timeZone: TimeZone) throws(BackupFileError) -> BackupFile {
        try format.decode(bytes, bounds: BackupBounds(now: now(), timeZone: timeZone))
    }

    /// What a restore of `file` would bring, app by app.
    public func preview(_ file: BackupFile) -> [BackupCount] { counts(file) }

    /// Replaces everything `owner` keeps by `file`, in one transaction; with `spending`, once per
    /// preview (`AlreadyConfirmed` for a replay).
    public func restore(_ file: BackupFile, for owner: DeviceID, spending: SpentConfirmation? = nil) async throws {
        try await data.replace(owner, by: file.sections, spending: spending)
    }
}
