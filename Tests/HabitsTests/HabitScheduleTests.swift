import Foundation
import Localization
import TestDoubles
import Testing
@testable import Habits

/// Issue 38's schedules: periods, streaks and done % against them, at week and month edges and
/// across a daylight-saving change, what is due today, and what the sheet and the list say.
@Suite("HabitSchedule: periods, streaks and what is due")
struct HabitScheduleTests {
    let threeAWeek = HabitSchedule.times(3, in: 7)!
    let monWedFri = HabitSchedule.on(WeekdaySet(isoWeekdays: [1, 3, 5]))!

    @Test("blocks of 7 days are ISO weeks, Monday to Sunday, also across a month end")
    func weeks() {
        #expect(day(2026, 3, 2).isoWeekday == 1)
        #expect(threeAWeek.period(containing: day(2026, 3, 4)) == day(2026, 3, 2)...day(2026, 3, 8))
        #expect(threeAWeek.period(containing: day(2026, 3, 2)) == day(2026, 3, 2)...day(2026, 3, 8), "Monday opens its week")
        #expect(threeAWeek.period(containing: day(2026, 3, 1)) == day(2026, 2, 23)...day(2026, 3, 1), "Sunday closes it")
        #expect(threeAWeek.period(containing: day(1969, 12, 31)) == day(1969, 12, 29)...day(1970, 1, 4), "before the first block")
        #expect(HabitSchedule.daily.period(containing: day(2026, 3, 4)) == day(2026, 3, 4)...day(2026, 3, 4))
        #expect(monWedFri.period(containing: day(2026, 3, 4)) == day(2026, 3, 4)...day(2026, 3, 4))
        #expect(monWedFri.period(containing: day(2026, 3, 5)) == nil, "Thursday asks for nothing")
    }

    @Test("schedules normalise: n in n days and all seven weekdays are every day; impossible ones are nil")
    func normalising() {
        #expect(HabitSchedule.times(7, in: 7) == .daily)
        #expect(HabitSchedule.on(.all) == .daily)
        #expect(HabitSchedule.times(4, in: 3) == nil)
        #expect(HabitSchedule.times(1, in: 32) == nil)
        #expect(HabitSchedule.times(0, in: 7) == nil)
        #expect(HabitSchedule.on([]) == nil)
        for schedule in [HabitSchedule.daily, threeAWeek, monWedFri, .times(1, in: 31)!] {
            let stored = schedule.stored
            #expect(HabitSchedule(storedTimes: stored.times, days: stored.days, weekdays: stored.weekdays) == schedule)
        }
        #expect(HabitSchedule(storedTimes: 3, days: 7, weekdays: 5) == nil, "weekdays with a count")
    }

    /// Mon, Wed and Fri of each week from Monday 2 February 2026, for `weeks` weeks.
    func mondayWednesdayFriday(weeks: Int) -> [CalendarDay] {
        (0..<weeks).flatMap { week in [0, 2, 4].map { day(2026, 2, 2).adding(days: 7 * week + $0) } }
    }

    func stats(_ days: [CalendarDay], _ schedule: HabitSchedule, today: CalendarDay) -> HabitStats {
        HabitStats(trackedDays: days, today: today, schedule: schedule)
    }

    /// Loop's rule (issue 48): each run of three done days within seven makes seven counted days
    /// from its first; older ones slide back to close the gaps. Mon, Wed, Fri from 2 February,
    /// four weeks and the next Monday, make 31 January to 3 March one run.
    @Test("3 times a week done Mon, Wed, Fri counts every day, as Loop does")
    func threeTimesAWeek() {
        let done = mondayWednesdayFriday(weeks: 4) + [day(2026, 3, 2)]
        let counted = FrequencyDays.counted(done: done, times: 3, inDays: 7)
        #expect(counted == [day(2026, 1, 31)...day(2026, 3, 3)])
        let tuesday = stats(done, threeAWeek, today: day(2026, 3, 3))
        #expect(tuesday.currentStreak == 32, "31 January to today")
        #expect(tuesday.longestStreak == 32)
        #expect(tuesday.completionRate == 1, "every day from the first done day is counted")
        #expect(stats(done, .daily, today: day(2026, 3, 3)).currentStreak == 1, "every day: Sunday was missed")
    }

    @Test("a gap no run covers ends the streak")
    func shortWeek() {
        var done = mondayWednesdayFriday(weeks: 4)
        done.removeAll { $0 == day(2026, 2, 20) }  // the third week has Mon and Wed only
        let counted = FrequencyDays.counted(done: done, times: 3, inDays: 7)
        #expect(counted == [day(2026, 1, 31)...day(2026, 2, 19), day(2026, 2, 23)...day(2026, 3, 1)])
        let tuesday = stats(done, threeAWeek, today: day(2026, 3, 3))
        #expect(tuesday.currentStreak == 0, "neither yesterday nor today is counted")
        #expect(tuesday.longestStreak == 20)
        // 2 February … 3 March is 30 days: 18 counted in February's first run, 7 in the last.
        #expect(abs(tuesday.completionRate - 25.0 / 30) < 1e-9)
        let sunday = stats(done, threeAWeek, today: day(2026, 3, 1))
        #expect(sunday.currentStreak == 7)
    }

    /// The issue's case: "2 in 3 days" done on two days in a row showed a streak of 1 and 0%.
    @Test("2 in 3 days done on two days in a row: a streak of 2, all done")
    func twoInThree() throws {
        let schedule = try #require(HabitSchedule.times(2, in: 3))
        let stats = stats([day(2026, 3, 1), day(2026, 3, 2)], schedule, today: day(2026, 3, 2))
        #expect(stats.currentStreak == 2)
        #expect(stats.completionRate == 1)
        let one = self.stats([day(2026, 3, 2)], schedule, today: day(2026, 3, 2))
        #expect(one.currentStreak == 1, "a done day counts before its run is complete")
    }

    /// Loop's own example (EntryListTest): once in three days, done 4, 9 and 10 days ago. The
    /// older interval slides back two days, as far as its done day allows.
    @Test("once in 3 days, Loop's example")
    func loopExample() throws {
        let today = day(2026, 3, 20)
        let done = [10, 9, 4].map { today.adding(days: -$0) }
        #expect(FrequencyDays.counted(done: done, times: 1, inDays: 3) == [
            today.adding(days: -12)...today.adding(days: -7), today.adding(days: -4)...today.adding(days: -2),
        ])
        let stats = stats(done, try #require(HabitSchedule.times(1, in: 3)), today: today)
        #expect(stats.currentStreak == 0)
        #expect(stats.longestStreak == 6)
        #expect(abs(stats.completionRate - 7.0 / 11) < 1e-9)
    }

    @Test("a run that spans two months is one run; a month-long interval is its month's length")
    func monthEdge() throws {
        // Wednesday 25 February, Saturday 28 and Sunday 1 March: one run of three in seven days.
        let done = [day(2026, 2, 25), day(2026, 2, 28), day(2026, 3, 1)]
        let stats = stats(done, threeAWeek, today: day(2026, 3, 2))
        #expect(stats.currentStreak == 6)
        #expect(stats.completionRate == 1)
        // Once in 31 days: February has 28; an interval from a month's last day takes the next month's.
        #expect(FrequencyDays.counted(done: [day(2026, 2, 3)], times: 1, inDays: 31) == [day(2026, 2, 3)...day(2026, 3, 2)])
        #expect(FrequencyDays.counted(done: [day(2026, 1, 31)], times: 1, inDays: 30) == [day(2026, 1, 31)...day(2026, 2, 27)])
        let monthly = HabitSchedule.times(2, in: 31)!
        let block = monthly.period(containing: day(2026, 3, 2))!
        #expect(block.lowerBound.days(to: block.upperBound) == 30)
    }

    @Test("chosen weekdays: the days left out break nothing; a missed chosen day does")
    func weekdays() {
        let done = mondayWednesdayFriday(weeks: 2)
        let saturday = stats(done, monWedFri, today: day(2026, 2, 14))
        #expect(saturday.currentStreak == 6)
        #expect(saturday.completionRate == 1)
        let openMonday = stats(done, monWedFri, today: day(2026, 2, 16))
        #expect(openMonday.currentStreak == 6, "today is asked and still open")
        let tuesday = stats(done, monWedFri, today: day(2026, 2, 17))
        #expect(tuesday.currentStreak == 0, "Monday was missed")
        #expect(tuesday.longestStreak == 6)
        let before = HabitStats(trackedDays: [], today: day(2026, 2, 3), schedule: monWedFri)
        #expect(before.completionRate == 0, "no chosen day yet")
        #expect(before.currentStreak == 0)
    }

    @Test("what is due today: a met period or a day left out is not")
    func due() {
        #expect(threeAWeek.isDue(on: day(2026, 3, 4), doneEarlierInPeriod: 2))
        #expect(!threeAWeek.isDue(on: day(2026, 3, 6), doneEarlierInPeriod: 3))
        #expect(!monWedFri.isDue(on: day(2026, 3, 5), doneEarlierInPeriod: 0))
        #expect(monWedFri.isDue(on: day(2026, 3, 6), doneEarlierInPeriod: 0))
        let habit = Habit(id: 1, fields: HabitFields(name: "Run", time: seven, color: orange, schedule: threeAWeek),
                          createdAt: date(2026, 3, 2, in: zone("UTC")), trackedDays: [day(2026, 3, 2), day(2026, 3, 3), day(2026, 3, 4)])
        #expect(!habit.overview(today: day(2026, 3, 5)).isDueToday, "three done this week already")
        #expect(habit.overview(today: day(2026, 3, 4)).isDueToday, "done today, the third: it counts")
        #expect(habit.overview(today: day(2026, 3, 9)).isDueToday, "a new week")
    }

    @Test("the list's progress counts today's due habits only")
    func progress() {
        let due = HabitOverview(id: 1, fields: fields("A"), trackCount: 1, isTrackedToday: true)
        let open = HabitOverview(id: 2, fields: fields("B"), trackCount: 0, isTrackedToday: false)
        let notDue = HabitOverview(id: 3, fields: fields("C"), trackCount: 4, isTrackedToday: false, isDueToday: false)
        #expect([due, open, notDue].todayProgress == 0.5)
        #expect([notDue].todayProgress == 1, "nothing left to do today")
        #expect([HabitOverview]().todayProgress == 0)
        let progress = HabitListScreen.progress(of: [due, open, notDue], catalogue: Catalogues.habits[.en])
        #expect((progress.done, progress.total) == (1, 2))
    }

    /// 3 times a week in Europe/Warsaw across 29 March 2026, when clocks go from 02:00 to 03:00:
    /// whole days are counted, the short one too, and "today" follows the zone's own midnight.
    @Test("across a daylight-saving change in the device's zone")
    func daylightSaving() async throws {
        let warsaw = zone("Europe/Warsaw")
        let clock = TestClock(date(2026, 3, 23, 7, 0, in: warsaw))
        let service = HabitsService(store: InMemoryHabitStore(), timeZone: warsaw, now: { clock.now })
        let habit = try await service.create(HabitFields(name: "Run", time: seven, color: orange, schedule: threeAWeek))
        for (dayOfMonth, hour, minute) in [(23, 7, 0), (25, 7, 0), (29, 23, 30)] {
            clock.set(date(2026, 3, dayOfMonth, hour, minute, in: warsaw))
            _ = try await service.setTracked(true, habitID: habit.id)
        }
        clock.set(date(2026, 3, 30, 0, 30, in: warsaw))  // 22:30 UTC on the 29th
        #expect(service.today == day(2026, 3, 30))
        let stored = try #require(try await service.habit(id: habit.id))
        #expect(stored.trackedDays == [day(2026, 3, 23), day(2026, 3, 25), day(2026, 3, 29)], "23:30 on the short day is the 29th")
        let stats = service.stats(of: stored)
        // Three in seven days from the 23rd: the 23rd to the 29th, the 23-hour day among them, count.
        #expect(stats.currentStreak == 7)
        #expect(abs(stats.completionRate - 7.0 / 8) < 1e-9, "seven of the eight days from the 23rd to today")
        let overviews = try await service.overviews()
        #expect(overviews.first?.isDueToday == true)
    }

    @Test("the sheet reads a schedule and refuses impossible ones, keeping what was typed")
    func draft() throws {
        var draft = HabitDraft(name: "Run", time: "07:00", frequency: .times, times: "3", days: "7")
        #expect(try draft.validate().get().schedule == threeAWeek)
        draft.times = "8"
        guard case .failure(let errors) = draft.validate() else { Issue.record("8 in 7 days accepted"); return }
        #expect(errors[.schedule] == .invalidFrequency(maxDays: 31))
        #expect(draft.times == "8")
        draft.days = "abc"
        #expect((try? draft.validate().get()) == nil)
        let none = HabitDraft(name: "Run", time: "07:00", frequency: .weekdays)
        guard case .failure(let weekdayErrors) = none.validate() else { Issue.record("no weekday accepted"); return }
        #expect(weekdayErrors[.schedule] == .noWeekdays)
        let chosen = HabitDraft(name: "Run", time: "07:00", frequency: .weekdays, times: "x", weekdays: [5, 1, 3])
        #expect(try chosen.validate().get().schedule == monWedFri, "the other kind's controls are not read")
        #expect(HabitDraft(HabitFields(name: "Run", time: seven, color: orange, schedule: monWedFri)).weekdays == [1, 3, 5])
        for language in Language.allCases {
            let catalogue = Catalogues.habits[language]
            for error in [HabitFieldError.invalidFrequency(maxDays: 31), .noWeekdays] {
                let message = error.message(in: catalogue)
                #expect(!message.contains("habits.") && !message.contains("{"), "\(language): \(message)")
            }
        }
    }

    @Test("what a schedule reads as, in each language")
    func texts() {
        let time = TimeOfDay(hour: 19, minute: 30)!
        let expected: [Language: [String]] = [
            .en: ["Every day at 7:30 PM", "3 times a week at 7:30 PM", "Once in 10 days at 7:30 PM", "Mon, Wed, Fri at 7:30 PM",
                  "Sun, Sat at 7:30 PM"],
            .ru: ["Каждый день в 19:30", "3 раза в неделю в 19:30", "1 раз за 10 дней в 19:30", "Пн, Ср, Пт в 19:30", "Сб, Вс в 19:30"],
            .pl: ["Codziennie o 19:30", "3 razy w tygodniu o 19:30", "1 raz w ciągu 10 dni o 19:30", "pon., śr., pt. o 19:30",
                  "sob., niedz. o 19:30"],
        ]
        let weekend = HabitSchedule.on(WeekdaySet(isoWeekdays: [6, 7]))!
        for (language, texts) in expected {
            let text = ScheduleText(Catalogues.habits[language])
            #expect([.daily, threeAWeek, .times(1, in: 10)!, monWedFri, weekend].map { text.text($0, at: time) } == texts)
        }
        #expect(ScheduleText(Catalogues.habits[.ru]).text(.times(2, in: 21)!, at: time) == "2 раза за 21 день в 19:30")
    }
}
