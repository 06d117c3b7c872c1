import Foundation

/// When a habit's reminder is due (issue 38): at the habit's time of day on the wall clock of the
/// device's zone. On a day a zone's clocks jump forward past that time (02:30 on a spring-forward
/// night in most of Europe), it is due at the first instant after the jump (03:00); on a day they
/// fall back through it, at its first occurrence.
public enum ReminderTime {
    /// The first instant strictly after `date` at which `time` shows on the clocks of `zone`, and
    /// the calendar day in `zone` it belongs to.
    public static func next(after date: Date, at time: TimeOfDay, in zone: TimeZone) -> (instant: Date, day: CalendarDay) {
        var day = CalendarDay(date, in: zone)
        while true {
            let instant = self.instant(of: day, at: time, in: zone)
            if instant > date { return (instant, day) }
            day = day.adding(days: 1)
        }
    }

    /// The instant `time` shows on `day` in `zone`: in a gap, the first instant after it; in an
    /// overlap, the first of the two.
    public static func instant(of day: CalendarDay, at time: TimeOfDay, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // Noon is never in a gap in any zone of tzdata: the day's start is found from it.
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        let start = calendar.startOfDay(for: noon)
        return calendar.nextDate(
            after: start.addingTimeInterval(-1), matching: DateComponents(hour: time.hour, minute: time.minute, second: 0),
            matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward) ?? noon
    }
}
