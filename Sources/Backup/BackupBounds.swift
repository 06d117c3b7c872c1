import Foundation

/// The days and times a restore accepts (issue 46, item 11, the habit import's rules): nothing
/// before 1 January 1970, nothing after the restore's today in the restoring device's zone (a day)
/// or its now (a time). Both allow a day more: a device's clock may run ahead, and a backup made
/// just after midnight in one zone may be restored where that day has not begun.
public struct BackupBounds: Sendable, Hashable {
    public static let earliestDay = "1970-01-01"
    public static let earliestTime = Date(timeIntervalSince1970: 0)
    static let skew: TimeInterval = 86_400

    /// The last day a file may name (`YYYY-MM-DD`): the day after the restore's today.
    public let latestDay: String
    /// The last time a file may name: a day after the restore's now.
    public let latestTime: Date

    public init(now: Date, timeZone: TimeZone) {
        latestTime = now.addingTimeInterval(Self.skew)
        let local = latestTime.addingTimeInterval(Double(timeZone.secondsFromGMT(for: now)))
        latestDay = String(BackupTimestamp.string(local).prefix(10))
    }

    /// Whether `day` (a valid `YYYY-MM-DD`) lies within the bounds: `YYYY-MM-DD` sorts as text.
    func contains(day: String) -> Bool { Self.earliestDay <= day && day <= latestDay }

    func contains(time: Date) -> Bool { Self.earliestTime <= time && time <= latestTime }

    /// Where a section's decoding finds `latestDay` (a `String`): a section that keeps days
    /// (Habits' `HabitsBackup`) reads it under this name, as it cannot see this type.
    public static var latestDayKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "appdeck.backup.latestDay")! }
}
