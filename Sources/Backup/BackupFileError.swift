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
    /// A number written with a fraction or an exponent (`2001.0`, `2e3`) under `key`: a backup
    /// holds whole numbers only (issue 46, item 11).
    case notWholeNumber(key: String, literal: String)
    /// The file's own `day` or `exportedAt` is before 1970 or after the restore's today
    /// (`BackupBounds`, issue 46, item 11).
    case exportDateOutOfRange(String)
    /// A time in `section` (a habit's `createdAt`) before 1970 or after the restore's now.
    case timeOutOfRange(section: String, value: String)
    /// The device's language is none this server speaks (`Language`: en, ru, pl).
    case unknownLanguage(String)
}
