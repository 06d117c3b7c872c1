/// What one app keeps of one owner, in the form a backup file carries it (issue 35, for issue
/// 36's "Export everything"): each app's stores say how to read it and how to put it back.
public protocol AppBackupSection: Codable, Sendable, Equatable {
    /// The section of an owner with nothing stored.
    static var empty: Self { get }
}

/// The section of an app whose data never leaves its server (GitHub's token): always empty.
public struct NothingBackedUp: AppBackupSection {
    public init() {}
    public static var empty: NothingBackedUp { NothingBackedUp() }
}

/// A backup section whose content no store can hold (a time like 25:00, a colour that is not
/// one, a day that is not a date): nothing of it was written.
public struct BackupRejected: Error, Sendable, Hashable {
    /// The app's section, and what in it was wrong, for the log and the person's message.
    public let section: String
    public let reason: String

    public init(section: String, reason: String) {
        self.section = section
        self.reason = reason
    }
}
