import Persistence

/// What a device chose, remembered across visits.
public struct DevicePreferences: Sendable, Hashable, Codable {
    public var language: String?
    public var timeZone: String?

    public init(language: String? = nil, timeZone: String? = nil) {
        self.language = language
        self.timeZone = timeZone
    }
}

/// Where devices' preferences are kept. Storage implements it on SQLite.
public protocol DevicePreferencesStore: Sendable {
    /// The device's preferences, or nil when it has never stored anything.
    func preferences(of device: DeviceID) async throws -> DevicePreferences?
    /// Remembers the device's language; nil returns it to Accept-Language.
    func setLanguage(_ language: String?, for device: DeviceID) async throws
    /// Remembers the device's time zone (an IANA identifier the caller has checked).
    func setTimeZone(_ identifier: String, for device: DeviceID) async throws
}

/// A backup carries the device's language and time zone (issue 35).
extension DevicePreferences: AppBackupSection {
    public static var empty: DevicePreferences { DevicePreferences() }

    /// A language tag's shape (`en`, `ru`, `pl`: the switcher's choices) and a zone a browser
    /// could have reported (`DeviceTimeZone`), or none (issue 36). Whether the server speaks the
    /// language is the backup reader's check (`BackupLanguage`, issue 46, item 11): Devices does
    /// not know `Language`.
    public func validate() throws {
        if let language, !(2...3).contains(language.count) || !language.allSatisfy({ $0.isASCII && $0.isLowercase }) {
            throw BackupRejected(section: "device", reason: "language \(language)", problem: .invalidValue(language))
        }
        if let timeZone, DeviceTimeZone.validated(timeZone) == nil {
            throw BackupRejected(section: "device", reason: "time zone \(timeZone)", problem: .invalidValue(timeZone))
        }
    }
}
