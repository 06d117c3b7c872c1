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

@Suite("HabitStats: skipped days (issue 48)")
struct SkippedDayStatsTests {
    let today = day(2026, 3, 10)

    @Test("a skipped day joins the run around it and leaves done %")
    func daily() {
        let done = (1...9).filter { $0 != 5 }.map { day(2026, 3, $0) }
        let stats = HabitStats(trackedDays: done, skippedDays: [day(2026, 3, 5)], today: today)
        #expect(stats.currentStreak == 9, "1 to 9 March, the skipped 5th inside")
        #expect(stats.longestStreak == 9)
        #expect(abs(stats.completionRate - 8.0 / 9) < 1e-9, "8 done of the 9 days that were not skipped, today open")
        let unskipped = HabitStats(trackedDays: done, today: today)
        #expect(unskipped.currentStreak == 4 && unskipped.longestStreak == 4)
        #expect(abs(unskipped.completionRate - 8.0 / 10) < 1e-9)
    }

    @Test("a day both done and skipped is done; a skipped chosen weekday breaks nothing")
    func weekdays() throws {
        let monWedFri = try #require(HabitSchedule.on(WeekdaySet(isoWeekdays: [1, 3, 5])))
        // Mon 2, Wed 4 done, Fri 6 skipped, Mon 9 done; today Tue 10.
        let done = [day(2026, 3, 2), day(2026, 3, 4), day(2026, 3, 9)]
        let stats = HabitStats(trackedDays: done, skippedDays: [day(2026, 3, 6)], today: today, schedule: monWedFri)
        #expect(stats.currentStreak == 3)
        #expect(stats.completionRate == 1)
        #expect(HabitStats(trackedDays: done, today: today, schedule: monWedFri).currentStreak == 1, "Friday missed")
        let both = HabitStats(trackedDays: [today], skippedDays: [today], today: today)
        #expect(both.completionRate == 1 && both.currentStreak == 1)
    }

    @Test("a habit keeps a day done or skipped, never both, and a note per day")
    func habitDays() {
        var habit = Habit(id: 1, name: "Run", time: seven, color: orange, createdAt: date(2026, 3, 1, in: zone("UTC")),
                          trackedDays: [day(2026, 3, 2)], skippedDays: [day(2026, 3, 2), day(2026, 3, 3)])
        #expect(habit.state(on: day(2026, 3, 2)) == .done && habit.state(on: day(2026, 3, 3)) == .skipped)
        let skipped = habit.set(.skipped, on: day(2026, 3, 2))
        #expect(skipped && habit.trackedDays.isEmpty && habit.skippedDays == [day(2026, 3, 2), day(2026, 3, 3)])
        let again = habit.set(.skipped, on: day(2026, 3, 2))
        #expect(!again, "already skipped")
        let cleared = habit.set(.none, on: day(2026, 3, 3))
        #expect(cleared && habit.state(on: day(2026, 3, 3)) == .none)
        let noted = habit.setNote("Rain", on: day(2026, 3, 3)), notedAgain = habit.setNote("Rain", on: day(2026, 3, 3))
        #expect(noted && !notedAgain)
        #expect(habit.with(habit.fields).notes == [day(2026, 3, 3): "Rain"])
    }

    @Test("a note is trimmed, kept on several lines, empty removes it, too long or with control characters refused")
    func notes() throws {
        #expect(try HabitNote.validated("  Felt great\r\nthen slept \t").get() == "Felt great\nthen slept")
        #expect(try HabitNote.validated(" \n ").get() == nil)
        #expect(try HabitNote.validated(String(repeating: "ё", count: 1_000)).get()?.count == 1_000)
        #expect(throws: HabitFieldError.tooLong(max: 1_000)) { try HabitNote.validated(String(repeating: "ё", count: 1_001)).get() }
        #expect(throws: HabitFieldError.noteCharacters) { try HabitNote.validated("a\u{0007}b").get() }
    }
}
