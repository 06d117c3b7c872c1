/// Which days a "N times in M days" habit counts as done: Loop Habit Tracker's rule (issue 48),
/// so an imported Loop history shows the streaks Loop shows.
///
/// Every run of `N` done days that fits within `M` days makes an **interval** of `M` days that
/// begins on the run's first day; every day of an interval counts as done (Loop's YES_AUTO), as do
/// the done days themselves. Then, newest first, each older interval slides back towards the past
/// by as much as it overlaps the newer one, but never so far that the run's last done day falls
/// out of it: gaps close and streaks grow. An "N in M" habit done N times in every M days is
/// therefore done on every day. Every day (1 in 1) counts exactly its done days.
///
/// For `M` of 30 or 31 an interval is a calendar month long: the length of the month of its first
/// day, or of the next month when it begins on a month's last day (Loop's monthly rule).
public enum FrequencyDays {
    /// The days counted as done, as ascending, disjoint, non-adjacent ranges. `done` ascending.
    public static func counted(done: [CalendarDay], times: Int, inDays days: Int) -> [ClosedRange<CalendarDay>] {
        let intervals = snapped(intervals(done: done, times: times, inDays: days))
        return merged(intervals.map { $0.begin...$0.end } + done.map { $0...$0 })
    }

    /// `ranges` as ascending, disjoint, non-adjacent ranges.
    static func merged(_ ranges: [ClosedRange<CalendarDay>]) -> [ClosedRange<CalendarDay>] {
        var merged: [ClosedRange<CalendarDay>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound.adding(days: 1) {
                if range.upperBound > last.upperBound { merged[merged.count - 1] = last.lowerBound...range.upperBound }
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// One interval: `center` is the last done day of the run that made it.
    struct Interval: Equatable {
        var begin: CalendarDay
        let center: CalendarDay
        var end: CalendarDay
    }

    /// The intervals the runs make, newest first (Loop's order).
    static func intervals(done: [CalendarDay], times: Int, inDays days: Int) -> [Interval] {
        guard times >= 1, done.count >= times else { return [] }
        var intervals: [Interval] = []
        for first in stride(from: done.count - times, through: 0, by: -1) {
            let begin = done[first], center = done[first + times - 1]
            let length = days == 30 || days == 31 ? monthLength(from: begin) : days
            if begin.days(to: center) < length {
                intervals.append(Interval(begin: begin, center: center, end: begin.adding(days: length - 1)))
            }
        }
        return intervals
    }

    /// Slides each interval after the first (newest) back by its overlap with the newer one plus a
    /// day, at most until its end reaches its run's last done day.
    static func snapped(_ intervals: [Interval]) -> [Interval] {
        var intervals = intervals
        for index in intervals.indices.dropFirst() {
            let newer = intervals[index - 1]
            var current = intervals[index]
            let overlap = newer.begin.days(to: current.end)
            guard overlap >= 0 else { continue }
            let shift = min(current.center.days(to: current.end), overlap + 1)
            current.begin = current.begin.adding(days: -shift)
            current.end = current.end.adding(days: -shift)
            intervals[index] = current
        }
        return intervals
    }

    private static func monthLength(from day: CalendarDay) -> Int {
        let length = CalendarDay.daysIn(month: day.month, year: day.year)
        guard day.day == length else { return length }
        return day.month == 12 ? 31 : CalendarDay.daysIn(month: day.month + 1, year: day.year)
    }
}
