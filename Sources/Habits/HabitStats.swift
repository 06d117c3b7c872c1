/// Streaks, completion and strength of one habit (issue 38, issue 48), in whole days of the
/// device's zone up to `today`, counted from the habit's **first recorded day**: someone who adds
/// a habit today and records last week starts last week, and days before anything was recorded
/// count against nothing.
///
/// "N times in M days" (every day is 1 in 1) follows Loop Habit Tracker's rule for which days
/// count as done (`FrequencyDays`), so an imported Loop history shows Loop's streaks:
/// - **Current streak**: the days in the run of counted days through today, or through yesterday
///   while today is not yet counted (today is still open).
/// - **Best streak**: the longest run up to today.
/// - **Done %**: the counted days from the first recorded day to today over those days.
/// "2 in 3 days" done on two days in a row has a streak of 2 and is 100% done.
///
/// Chosen weekdays make each chosen day a period of its own (`HabitSchedule.period(containing:)`);
/// the days left out ask for nothing and break nothing:
/// - **Current streak**: the done days from the first of the unbroken run of met chosen days just
///   before today (today, when chosen, is open and never breaks it) through today.
/// - **Best streak**: the most done days over any such run.
/// - **Done %**: the chosen days done over the chosen days since the first recorded day. No chosen
///   day yet: 0.
///
/// A **skipped** day (issue 48, Loop's SKIP) neither breaks a streak nor counts against done %.
///
/// **Strength** is Loop's score (`HabitScore`).
public struct HabitStats: Hashable, Sendable {
    public let currentStreak: Int
    public let longestStreak: Int
    /// 0…1.
    public let completionRate: Double
    public let score: HabitScore

    /// `skippedDays` (issue 48): neither break a streak nor count against done %; a day both
    /// done and skipped is done. A measurable habit's (`measure`) done days are those its values
    /// meet the target on, and its score is Loop's for numbers, from `values`.
    public init(
        trackedDays: [CalendarDay], skippedDays: [CalendarDay] = [], today: CalendarDay, schedule: HabitSchedule = .daily,
        measure: HabitMeasure? = nil, values: [CalendarDay: Double] = [:]
    ) {
        let done = trackedDays.filter { $0 <= today }.ascendingUnique()
        let skipped = skippedDays.filter { $0 <= today }.ascendingUnique().removingAll(in: done)
        let start: CalendarDay?
        switch schedule {
        case .times(let times, let days):
            let counted = FrequencyDays.counted(done: done, times: times, inDays: days)
            (currentStreak, longestStreak, completionRate) = Self.runs(counted, skipped: skipped, since: done.first, today: today)
            start = counted.first?.lowerBound
        case .weekdays:
            (currentStreak, longestStreak, completionRate) = Self.periodRuns(
                DoneDays(done), skipped: skipped, schedule: schedule, today: today)
            start = done.first
        }
        if let measure {
            score = HabitScore(values: values, measure: measure, skipped: skipped, schedule: schedule, today: today)
        } else {
            score = HabitScore(done: done, skipped: skipped, schedule: schedule, start: start, today: today)
        }
    }

    /// Streaks and done % from counted days (ascending, disjoint, non-adjacent ranges): a skipped
    /// day joins the runs around it and leaves done %'s days.
    private static func runs(
        _ counted: [ClosedRange<CalendarDay>], skipped: [CalendarDay], since first: CalendarDay?, today: CalendarDay
    ) -> (Int, Int, Double) {
        let length = { (range: ClosedRange<CalendarDay>) in range.lowerBound.days(to: range.upperBound) + 1 }
        let clipped = counted.filter { $0.lowerBound <= today }.map { $0.lowerBound...min($0.upperBound, today) }
        let past = FrequencyDays.merged(clipped + skipped.map { $0...$0 })
        let yesterday = today.adding(days: -1)
        let current = past.last.map { $0.upperBound >= yesterday ? length($0) : 0 } ?? 0
        let longest = past.map(length).max() ?? 0
        guard let first else { return (current, longest, 0) }
        // The skipped days inside counted ones (a frequency habit's YES_AUTO days), both walked in order.
        var range = clipped.startIndex
        let skippedCounted = skipped.count { day in
            guard day >= first else { return false }
            while range < clipped.endIndex, clipped[range].upperBound < day { range += 1 }
            return range < clipped.endIndex && clipped[range].contains(day)
        }
        let counting = clipped.reduce(0) { total, range in
            range.upperBound < first ? total : total + length(max(range.lowerBound, first)...range.upperBound)
        } - skippedCounted
        let days = first.days(to: today) + 1 - skipped.count { $0 >= first }
        return (current, longest, days > 0 ? Double(counting) / Double(days) : 0)
    }

    /// Streaks and done % of a weekday schedule, period by period from the first done day; a
    /// skipped chosen day is not one of them.
    private static func periodRuns(_ days: DoneDays, skipped: [CalendarDay], schedule: HabitSchedule, today: CalendarDay) -> (Int, Int, Double) {
        guard let first = days.days.first else { return (0, 0, 0) }
        let periods = Self.periods(of: schedule, from: first, to: today).filter { !skipped.includes($0.lowerBound) }
        let required = schedule.required
        let done = periods.map(days.count(in:))

        let completionRate = periods.isEmpty
            ? 0 : periods.indices.reduce(0.0) { $0 + Double(min(done[$1], required)) / Double(required) } / Double(periods.count)

        let openIndex = periods.last?.contains(today) == true ? periods.count - 1 : nil
        var closedEnd = openIndex ?? periods.count
        var runStart = closedEnd
        while runStart > 0, done[runStart - 1] >= required { runStart -= 1 }
        let currentStreak: Int
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
        return (currentStreak, longest, completionRate)
    }

    /// The chosen days from `start` to `end`, each a period of its own, oldest first.
    private static func periods(of schedule: HabitSchedule, from start: CalendarDay, to end: CalendarDay) -> [ClosedRange<CalendarDay>] {
        guard start <= end else { return [] }
        return (0...start.days(to: end)).compactMap { schedule.period(containing: start.adding(days: $0)) }
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
