/// Streaks and completion of one habit, counted in whole days up to `today`.
public struct HabitStats: Hashable, Sendable {
    /// Consecutive tracked days ending today, or ending yesterday while today is still open.
    public let currentStreak: Int
    public let longestStreak: Int
    /// Tracked days ÷ days since the habit was created (both ends included), 0…1.
    public let completionRate: Double

    public init(trackedDays: [CalendarDay], createdOn created: CalendarDay, today: CalendarDay) {
        let days = trackedDays.filter { $0 <= today }
        var longest = 0
        var run = 0
        var previous: CalendarDay?
        for day in days {
            run = previous.map { $0.days(to: day) == 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        longestStreak = longest
        if let last = days.last, last.days(to: today) <= 1 {
            currentStreak = run
        } else {
            currentStreak = 0
        }
        let start = min(created, today)
        let span = start.days(to: today) + 1
        let inSpan = days.reduce(into: 0) { count, day in if day >= start { count += 1 } }
        completionRate = min(1, Double(inSpan) / Double(span))
    }
}
