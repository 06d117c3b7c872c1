import Persistence

/// An owner's Stories & Gallery settings as a backup carries them (issue 35): the C model's text
/// form (SG-7), which the model validates when it comes back.
public struct StoriesBackup: AppBackupSection {
    public var settings: String

    public init(settings: String) {
        self.settings = settings
    }

    public static var empty: StoriesBackup { StoriesBackup(settings: DrawingSettings.default.serialized) }

    public func validate() throws {
        guard (try? DrawingSettings(serialized: settings)) != nil else {
            throw BackupRejected(section: "stories", reason: "settings \(settings)", problem: .invalidValue(settings))
        }
    }
}
