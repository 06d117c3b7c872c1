import Persistence

/// Why a file is not a backup AppDeck can restore (issue 36). Nothing is restored when any of
/// these is thrown; `message(in:)` says it in the person's language.
public enum BackupFileError: Error, Hashable, Sendable {
    case empty
    case tooLarge(limitBytes: Int)
    case notUTF8
    /// Not one complete JSON text: cut short, or not JSON at all.
    case notJSON
    case tooDeep(limit: Int)
    case duplicateKey(String)
    /// JSON, but not an AppDeck backup (no `"format": "appdeck-backup"`).
    case notABackup
    /// An AppDeck backup of a version this server does not read.
    case otherVersion(Int)
    /// A section of an app this server does not have.
    case unknownSection(String)
    /// A section whose fields are missing or of the wrong type.
    case malformedSection(String)
    /// A section whose values no store can hold.
    case rejected(BackupRejected)
}
