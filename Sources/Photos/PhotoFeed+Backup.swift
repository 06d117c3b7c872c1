import Persistence

/// A backup carries the feed as it is (issue 35): what was shown, in order, and where "Add
/// element" goes on.
extension PhotoFeed: AppBackupSection {
    public static var empty: PhotoFeed { PhotoFeed() }

    /// Each photo shown once, and a cursor that is a position (issue 36).
    public func validate() throws {
        guard cursor >= 0 else { throw BackupRejected(section: "photos", reason: "cursor \(cursor)", problem: .invalidValue(String(cursor))) }
        var seen = Set<Int>()
        for id in shownIDs where !seen.insert(id).inserted {
            throw BackupRejected(section: "photos", reason: "photo \(id) twice", problem: .duplicateID(String(id)))
        }
    }
}
