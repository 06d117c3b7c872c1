import Testing
@testable import Habits

@Suite("HabitStats: streaks and completion")
struct HabitStatsTests {
    let today = day(2026, 3, 2)

    func days(_ list: [CalendarDay]) -> HabitStats {
        HabitStats(trackedDays: list, today: today)
    }

    @Test("the current streak runs through month ends and survives an open today")
    func currentStreak() {
        let run = [day(2026, 2, 27), day(2026, 2, 28), day(2026, 3, 1), day(2026, 3, 2)]
        #expect(days(run).currentStreak == 4)
        #expect(days(Array(run.dropLast())).currentStreak == 3, "today not yet tracked keeps yesterday's streak")
        #expect(days(Array(run.dropLast(2))).currentStreak == 0, "a missed day breaks it")
        #expect(days([]).currentStreak == 0)
    }

    @Test("the longest streak is the longest run anywhere")
    func longestStreak() {
        let list = [day(2026, 2, 21), day(2026, 2, 22), day(2026, 2, 23), day(2026, 2, 25), day(2026, 3, 2)]
        let stats = days(list)
        #expect(stats.longestStreak == 3)
        #expect(stats.currentStreak == 1)
    }

    @Test("done since start counts from the first recorded day, both ends included")
    func completion() {
        // 21 Feb … 2 Mar 2026 is 10 days.
        #expect(days([day(2026, 2, 21), day(2026, 3, 2)]).completionRate == 0.2)
        #expect(HabitStats(trackedDays: [today], today: today).completionRate == 1)
        #expect(HabitStats(trackedDays: [], today: today).completionRate == 0)
        #expect(HabitStats(trackedDays: [day(2026, 3, 1), today], today: today).completionRate == 1)
        // Started running yesterday, added the habit today and recorded yesterday (issue 48).
        let yesterdayOnly = HabitStats(trackedDays: [day(2026, 3, 1)], today: today)
        #expect(yesterdayOnly.completionRate == 0.5)
        #expect(yesterdayOnly.currentStreak == 1)
    }

    @Test("the streak crosses a year boundary")
    func yearBoundary() {
        let stats = HabitStats(trackedDays: [day(2025, 12, 30), day(2025, 12, 31), day(2026, 1, 1)], today: day(2026, 1, 1))
        #expect(stats.currentStreak == 3)
        #expect(stats.longestStreak == 3)
    }
}
