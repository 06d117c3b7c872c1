import Devices
import Localization
import Persistence

/// The device section's language must be one this server speaks (issue 46, item 11): `xx` has a
/// language tag's shape, which is all `DevicePreferences.validate()` can check (Devices does not
/// know `Language`), yet every page would then fall back to another language than the one the
/// backup claims.
enum BackupLanguage {
    static func check(_ sections: [String: any AppBackupSection]) throws(BackupFileError) {
        for case let device as DevicePreferences in sections.values {
            if let language = device.language, Language(rawValue: language) == nil { throw .unknownLanguage(language) }
        }
    }
}
