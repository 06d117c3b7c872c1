import Foundation

/// What the scheduler does with a reminder row whose due instant has come (issue 38), the same on
/// both backends: which day it is for, whether it is still worth sending, and when it is next due.
public struct ReminderClaim: Sendable, Hashable {
    /// A reminder found this long after its time (the servers were down) is not sent: "time to
    /// stretch" at 07:30 is noise at noon. The next day's goes out as usual.
    public static let lateness: TimeInterval = 3600

    /// The day the reminder is for, in the device's zone.
    public let day: CalendarDay
    /// False when it is past `lateness`.
    public let isTimely: Bool
    /// The next instant it is due.
    public let nextDueAt: Date

    public init(dueAt: Date, now: Date, time: TimeOfDay, zone: TimeZone) {
        day = CalendarDay(dueAt, in: zone)
        isTimely = now.timeIntervalSince(dueAt) < Self.lateness
        nextDueAt = ReminderTime.next(after: max(dueAt, now), at: time, in: zone).instant
    }

    /// The days of `day`'s period before it (issue 38), whose done days decide whether the
    /// schedule still asks for the habit on `day`; nil when the period is `day` alone.
    public func earlierDaysOfPeriod(_ schedule: HabitSchedule) -> ClosedRange<CalendarDay>? {
        guard let period = schedule.period(containing: day), period.lowerBound < day else { return nil }
        return period.lowerBound...day.adding(days: -1)
    }

    /// The zone a device reported, else UTC (a device that never sent one: its "today" is the server's).
    public static func zone(_ identifier: String?) -> TimeZone {
        identifier.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
    }
}
