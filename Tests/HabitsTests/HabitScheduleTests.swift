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
        HabitStats(trackedDays: days, createdOn: day(2026, 2, 2), today: today, schedule: schedule)
    }

    @Test("3 times a week done Mon, Wed, Fri keeps its streak; the open week never breaks it")
    func threeTimesAWeek() {
        let done = mondayWednesdayFriday(weeks: 4) + [day(2026, 3, 2)]
        let tuesday = stats(done, threeAWeek, today: day(2026, 3, 3))
        #expect(tuesday.currentStreak == 13, "12 days of four met weeks and this Monday")
        #expect(tuesday.longestStreak == 13)
        // Four met weeks and one third of the open one, over five weeks.
        #expect(abs(tuesday.completionRate - (4 + 1.0 / 3) / 5) < 1e-9)
        #expect(stats(done, .daily, today: day(2026, 3, 3)).currentStreak == 1, "every day: Sunday was missed")
    }

    @Test("a week short of its times ends the streak once the week is over")
    func shortWeek() {
        var done = mondayWednesdayFriday(weeks: 4)
        done.removeAll { $0 == day(2026, 2, 20) }  // the third week has Mon and Wed only
        let open = stats(done, threeAWeek, today: day(2026, 3, 3))
        #expect(open.currentStreak == 3, "only the last week's three")
        #expect(open.longestStreak == 6, "the first two weeks")
        // Inside the short week itself, before Sunday has passed, it is open and breaks nothing.
        let during = stats(done, threeAWeek, today: day(2026, 2, 21))
        #expect(during.currentStreak == 8)
    }

    @Test("a week that spans two months is one week")
    func monthEdge() {
        // Monday 23 February to Sunday 1 March 2026: Wednesday, Saturday and Sunday.
        let done = [day(2026, 2, 25), day(2026, 2, 28), day(2026, 3, 1)]
        let stats = HabitStats(trackedDays: done, createdOn: day(2026, 2, 23), today: day(2026, 3, 2), schedule: threeAWeek)
        #expect(stats.currentStreak == 3)
        #expect(abs(stats.completionRate - 1.0 / 2) < 1e-9, "a met week and the open week with none yet")
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
        let before = HabitStats(trackedDays: [], createdOn: day(2026, 2, 3), today: day(2026, 2, 3), schedule: monWedFri)
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
    /// the week of the change is one week, and "today" follows the zone's own midnight.
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
        #expect(stats.currentStreak == 3)
        #expect(abs(stats.completionRate - 1.0 / 2) < 1e-9, "the week of the change met, the new week open")
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
