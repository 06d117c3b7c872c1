/// What one app keeps of one owner, in the form a backup file carries it (issue 35, for issue
/// 36's "Export everything"): each app's stores say how to read it and how to put it back.
public protocol AppBackupSection: Codable, Sendable, Equatable {
    /// The section of an owner with nothing stored.
    static var empty: Self { get }

    /// Throws `BackupRejected` when no store could hold the section as it is (a day that is no
    /// date, a habit ticked twice on one day, an id twice), so that a restore refuses the file
    /// before it shows a preview (issue 36); the stores check again when they write.
    func validate() throws
}

extension AppBackupSection {
    public func validate() throws {}
}

/// The section of an app whose data never leaves its server (GitHub's token): always empty.
public struct NothingBackedUp: AppBackupSection {
    public init() {}
    public static var empty: NothingBackedUp { NothingBackedUp() }
}

/// A backup section whose content no store can hold (a time like 25:00, a colour that is not
/// one, a day that is not a date): nothing of it was written.
public struct BackupRejected: Error, Sendable, Hashable {
    /// What was wrong, in a form a person's message can be made from.
    public enum Problem: Sendable, Hashable {
        /// `value` in `item` (a habit's name, a car's make) is no valid date.
        case invalidDay(item: String, value: String)
        /// `item` is ticked twice on `day`.
        case dayTwice(item: String, day: String)
        /// An id that must be unique appears twice.
        case duplicateID(String)
        /// More items than an owner may keep.
        case tooMany(limit: Int)
        /// Any other value no store can hold, as the file has it.
        case invalidValue(String)
    }

    /// The app's section, and what in it was wrong, for the log and the person's message.
    public let section: String
    public let reason: String
    public let problem: Problem

    public init(section: String, reason: String, problem: Problem? = nil) {
        self.section = section
        self.reason = reason
        self.problem = problem ?? .invalidValue(reason)
    }
}
