import Testing
@testable import Habits

/// Loop Habit Tracker's score (issue 48) against the values Loop's own tests publish
/// (`ScoreListTest`), each to 1e-6: days are offsets back from today, as Loop writes them.
@Suite("HabitScore: Loop's strength")
struct HabitScoreTests {
    let today = day(2026, 3, 20)

    func days(_ offsets: some Sequence<Int>) -> [CalendarDay] {
        offsets.map { today.adding(days: -$0) }.sorted()
    }

    func score(done offsets: some Sequence<Int>, skipped: some Sequence<Int> = [Int](), _ schedule: HabitSchedule = .daily) -> HabitScore {
        let done = days(offsets), skipped = days(skipped)
        return HabitScore(done: done, skipped: skipped, schedule: schedule, start: (done + skipped).min(), today: today)
    }

    func expect(_ score: HabitScore, _ values: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        for (offset, value) in values.enumerated() {
            let actual = score.value(on: today.adding(days: -offset))
            #expect(abs(actual - value) < 1e-6, "\(offset) days ago: \(actual), Loop \(value)", sourceLocation: sourceLocation)
        }
    }

    @Test("every day for 20 days")
    func daily() {
        expect(score(done: 0..<20), [
            0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734, 0.413270,
            0.381137, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922, 0, 0, 0,
        ])
        expect(score(done: [0]), [0.051922])
    }

    @Test("a skipped day keeps the day before's score")
    func skips() {
        expect(score(done: Set(0..<20).subtracting([5, 10, 11]), skipped: [5, 10, 11]), [
            0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.472617, 0.443734, 0.413270, 0.381137, 0.347244,
            0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922, 0, 0, 0,
        ])
        expect(score(done: [5], skipped: [4]), [0.041949, 0.044247, 0.046670, 0.049226, 0.051922, 0.051922, 0])
    }

    @Test("6 times in 7 days with skips: a skipped day is not one of the 7")
    func nonDailyWithSkips() throws {
        let sixInSeven = try #require(HabitSchedule.times(6, in: 7))
        expect(score(done: Set(0..<18).subtracting([10, 11, 12]), skipped: [10, 11, 12], sixInSeven), [
            0.365222, 0.333100, 0.299354, 0.263899, 0.226651, 0.191734, 0.159268, 0.129375, 0.102187, 0.077839, 0.056477,
            0.056477, 0.056477, 0.056477, 0.038251, 0.023319, 0.011848, 0.004014, 0, 0, 0,
        ])
        // Done or skipped on every day: 100%, daily or six in seven.
        let weekends = (0..<100).flatMap { [7 * $0 + 5, 7 * $0 + 6] }
        let worked = Set(0..<500).subtracting(weekends)
        #expect(abs(score(done: worked, skipped: weekends).current - 1) < 1e-6)
        #expect(abs(score(done: worked, skipped: weekends, sixInSeven).current - 1) < 1e-6)
    }

    @Test("a weekday schedule is a daily habit with its other days skipped")
    func weekdays() throws {
        let workdays = try #require(HabitSchedule.on(WeekdaySet(isoWeekdays: [1, 2, 3, 4, 5])))
        let done = days(0..<500).filter { workdays.asks(on: $0) }
        let score = HabitScore(done: done, schedule: workdays, start: done.first, today: today)
        #expect(abs(score.current - 1) < 1e-6)
        let saturday = try #require(days(0..<7).first { $0.isoWeekday == 6 })
        #expect(score.value(on: saturday) == score.value(on: saturday.adding(days: -1)), "Saturday leaves it as Friday left it")
    }

    @Test("less than daily: numerator and window doubled smooth irregular weeks")
    func lessThanDaily() throws {
        let twoDone = (0..<100).flatMap { [7 * $0, 7 * $0 + 1] }
        #expect(abs(score(done: twoDone, try #require(HabitSchedule.times(3, in: 7))).current - 2.0 / 3) < 1e-6)
        #expect(abs(score(done: twoDone, try #require(HabitSchedule.times(4, in: 7))).current - 0.5) < 1e-6)
        // Once a week, on Monday one week and Sunday the next.
        let irregular = (0..<100).flatMap { [14 * $0, 14 * $0 + 13] }
        #expect(abs(score(done: irregular, try #require(HabitSchedule.times(1, in: 7))).current - 1) < 1e-3)
        expect(score(done: [0, 1]), [0.101149])
        expect(score(done: [0, 1], try #require(HabitSchedule.times(1, in: 2))), [0.054816])
    }

    @Test("high in reasonable time: daily in three months, weekly in nine, monthly in eighteen")
    func reasonableTime() throws {
        #expect(score(done: 0..<90).current > 0.99)
        let weekly = (0..<39).map { 7 * $0 }
        #expect(score(done: weekly, try #require(HabitSchedule.times(1, in: 7))).current > 0.99)
        let monthly = Set(weekly).union((0..<18).map { 30 * $0 })
        #expect(score(done: monthly, try #require(HabitSchedule.times(1, in: 30))).current > 0.99)
    }

    @Test("nothing done: 0; the weekly series ends today")
    func series() {
        let none = HabitScore(done: [], schedule: .daily, start: nil, today: today)
        #expect(none.current == 0 && none.firstDay == nil && none.weekly(53) == Array(repeating: 0, count: 53))
        let some = score(done: 0..<20)
        let weeks = some.weekly(53)
        #expect(weeks.count == 53 && weeks.last == some.current)
        #expect(weeks[51] == some.value(on: today.adding(days: -7)) && weeks.prefix(50).allSatisfy { $0 == 0 })
        #expect(some.value(on: today.adding(days: 3)) == some.current, "after today: today's")
    }

    @Test("HabitStats carries the score, counted from the first counted day")
    func inStats() throws {
        let stats = HabitStats(trackedDays: days(0..<20), today: today)
        #expect(abs(stats.score.current - 0.655747) < 1e-6)
        let schedule = try #require(HabitSchedule.times(1, in: 2))
        #expect(abs(HabitStats(trackedDays: days([0, 1]), today: today, schedule: schedule).score.current - 0.054816) < 1e-6)
    }
}
