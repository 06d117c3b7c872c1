/// Streaks and completion of one habit, counted against its schedule (issue 38) in whole days of
/// the device's zone up to `today`.
///
/// The schedule cuts the days from the habit's first day to today into periods
/// (`HabitSchedule.period(containing:)`); a period is **met** when it holds at least the done
/// days it asks for. The period that contains today is **open**: it may still be met, so it never
/// breaks a streak.
/// - **Current streak**: the done days from the first period of the unbroken run of met periods
///   just before the open one (or before today, when today asks for nothing) through today. Every
///   day: the done days in a row ending today, or ending yesterday while today is open. Three
///   times a week, done Monday, Wednesday and Friday each week: every week is met, so the streak
///   grows by three a week and a Tuesday or a Sunday without a tick breaks nothing; a week with
///   only two ticks ends it once that week is over.
/// - **Best streak**: the largest such count over every run of met periods, each counted from its
///   first period's first day to its last period's last day (the current run to today).
/// - **Done %**: each period from the first day's to today's counts its done days up to what it
///   asks for, over what it asks for (two of three is two thirds); the mean over those periods.
///   Every day: done days ÷ days since the first day, both ends included. No period yet (a weekday
///   schedule before its first chosen day): 0.
public struct HabitStats: Hashable, Sendable {
    public let currentStreak: Int
    public let longestStreak: Int
    /// 0…1.
    public let completionRate: Double

    public init(trackedDays: [CalendarDay], createdOn created: CalendarDay, today: CalendarDay, schedule: HabitSchedule = .daily) {
        let days = DoneDays(trackedDays.filter { $0 <= today })
        let periods = Self.periods(of: schedule, from: min(created, today), to: today)
        let required = schedule.required
        let done = periods.map(days.count(in:))

        completionRate = periods.isEmpty
            ? 0 : periods.indices.reduce(0.0) { $0 + Double(min(done[$1], required)) / Double(required) } / Double(periods.count)

        let openIndex = periods.last?.contains(today) == true ? periods.count - 1 : nil
        var closedEnd = openIndex ?? periods.count
        var runStart = closedEnd
        while runStart > 0, done[runStart - 1] >= required { runStart -= 1 }
        if runStart < closedEnd {
            currentStreak = days.count(in: periods[runStart].lowerBound...today)
        } else if let openIndex {
            currentStreak = days.count(in: periods[openIndex].lowerBound...today)
        } else {
            currentStreak = 0
        }

        var longest = currentStreak
        closedEnd = runStart
        var index = 0
        while index < closedEnd {
            guard done[index] >= required else { index += 1; continue }
            let first = index
            while index < closedEnd, done[index] >= required { index += 1 }
            longest = max(longest, days.count(in: periods[first].lowerBound...periods[index - 1].upperBound))
        }
        longestStreak = longest
    }

    /// The schedule's periods that hold a day from `start` to `end`, oldest first.
    static func periods(of schedule: HabitSchedule, from start: CalendarDay, to end: CalendarDay) -> [ClosedRange<CalendarDay>] {
        guard start <= end else { return [] }
        switch schedule {
        case .times(_, let length):
            guard var period = schedule.period(containing: start) else { return [] }
            var periods: [ClosedRange<CalendarDay>] = []
            while period.lowerBound <= end {
                periods.append(period)
                period = period.lowerBound.adding(days: length)...period.upperBound.adding(days: length)
            }
            return periods
        case .weekdays:
            return (0...start.days(to: end)).compactMap { schedule.period(containing: start.adding(days: $0)) }
        }
    }
}

/// Done days, ascending, counted in a range by two binary searches.
private struct DoneDays {
    let days: [CalendarDay]

    init(_ days: [CalendarDay]) {
        self.days = days
    }

    func count(in range: ClosedRange<CalendarDay>) -> Int {
        days.index(notBefore: range.upperBound.adding(days: 1)) - days.index(notBefore: range.lowerBound)
    }
}
