import Foundation
import Persistence

/// The file "Export everything" answers and "Restore from a backup" reads (issue 36):
/// `appdeck-backup-YYYY-MM-DD.json`, one JSON object
///
/// ```json
/// {"format": "appdeck-backup", "version": 1, "exportedAt": "2026-11-27T11:40:00.123Z",
///  "day": "2026-11-27", "timeZone": "Europe/Warsaw",
///  "sections": {"device": {…}, "cars": {…}, "habits": {…}, "stories": {…}, "photos": {…}, "github": {}}}
/// ```
///
/// with one section per app that keeps data (`AppBackupSection`, keyed by the app's id; README's
/// "Backup file" describes each). Never a key, never the GitHub token: GitHub's section is empty
/// by construction (`NothingBackedUp`).
public struct BackupFile: Sendable {
    public static let format = "appdeck-backup"
    public static let version = 1

    /// When it was exported (UTC, to the millisecond).
    public var exportedAt: Date
    /// The day it was exported on in the device's zone (`YYYY-MM-DD`), the day its file name has.
    public var day: String
    /// The device's zone when it was exported, nil if its browser had not reported one.
    public var timeZone: String?
    /// Each app's section by the app's id.
    public var sections: [String: any AppBackupSection]

    public init(exportedAt: Date, day: String, timeZone: String?, sections: [String: any AppBackupSection]) {
        self.exportedAt = exportedAt
        self.day = day
        self.timeZone = timeZone
        self.sections = sections
    }

    /// `appdeck-backup-2026-11-27.json`.
    public var fileName: String { "appdeck-backup-\(day).json" }
}

extension BackupFile {
    /// Whether `text` is `YYYY-MM-DD` naming a day that exists.
    public static func isDay(_ text: String) -> Bool { CalendarDate.isValid(text) }
}
