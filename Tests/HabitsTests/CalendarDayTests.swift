import Foundation
import Testing
@testable import Habits

@Suite("CalendarDay: whole days in a time zone")
struct CalendarDayTests {
    @Test("civil date and ordinal round-trip, leap years included")
    func roundTrip() {
        #expect(day(1970, 1, 1).ordinal == 0)
        #expect(day(1969, 12, 31).ordinal == -1)
        #expect(day(2000, 3, 1).ordinal - day(2000, 2, 28).ordinal == 2)
        #expect(day(1900, 3, 1).ordinal - day(1900, 2, 28).ordinal == 1)
        #expect(CalendarDay(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2028, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2026, month: 13, day: 1) == nil)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone("UTC")
        // Foundation's calendar turns Julian before 1582, so compare from 1600 to 2400.
        for ordinal in stride(from: day(1600, 1, 1).ordinal, through: day(2400, 12, 31).ordinal, by: 97) {
            let made = CalendarDay(ordinal: ordinal)
            let components = calendar.dateComponents([.year, .month, .day], from: made.utcMidnight)
            #expect([made.year, made.month, made.day] == [components.year, components.month, components.day])
            #expect(CalendarDay(year: made.year, month: made.month, day: made.day) == made)
            #expect(CalendarDay(iso: made.iso) == made)
        }
    }

    @Test("5 January and 5 February are different days (the course's defect)")
    func dayOfMonthIsNotADay() {
        #expect(day(2026, 1, 5) != day(2026, 2, 5))
        #expect(day(2026, 1, 5).days(to: day(2026, 2, 5)) == 31)
    }

    @Test("month and year boundaries")
    func boundaries() {
        #expect(day(2026, 1, 31).adding(days: 1) == day(2026, 2, 1))
        #expect(day(2025, 12, 31).adding(days: 1) == day(2026, 1, 1))
        #expect(day(2024, 2, 28).adding(days: 1) == day(2024, 2, 29))
        #expect(day(2026, 3, 1).adding(days: -1) == day(2026, 2, 28))
    }

    @Test("midnight exactly belongs to the new day; a moment before, to the old one")
    func midnight() {
        let warsaw = zone("Europe/Warsaw")
        let midnight = date(2026, 1, 1, 0, 0, in: warsaw)
        #expect(CalendarDay(midnight, in: warsaw) == day(2026, 1, 1))
        #expect(CalendarDay(midnight.addingTimeInterval(-0.001), in: warsaw) == day(2025, 12, 31))
    }

    @Test("UTC+14 and UTC-12 see different days at the same instant")
    func extremeZones() {
        let instant = date(2026, 6, 15, 11, 30, in: zone("UTC"))
        #expect(CalendarDay(instant, in: zone("Pacific/Kiritimati")) == day(2026, 6, 16))
        #expect(CalendarDay(instant, in: zone("Etc/GMT+12")) == day(2026, 6, 14))
        #expect(CalendarDay(instant, in: zone("UTC")) == day(2026, 6, 15))
    }

    @Test("daylight-saving changes do not move or skip days")
    func daylightSaving() {
        let warsaw = zone("Europe/Warsaw")
        // 29 March 2026: clocks go 02:00 → 03:00 (a 23-hour day); 25 October: 03:00 → 02:00 (25 hours).
        #expect(CalendarDay(date(2026, 3, 29, 0, 30, in: warsaw), in: warsaw) == day(2026, 3, 29))
        #expect(CalendarDay(date(2026, 3, 29, 23, 59, in: warsaw), in: warsaw) == day(2026, 3, 29))
        #expect(CalendarDay(date(2026, 3, 30, 0, 0, in: warsaw), in: warsaw) == day(2026, 3, 30))
        #expect(CalendarDay(date(2026, 10, 25, 23, 59, in: warsaw), in: warsaw) == day(2026, 10, 25))
        #expect(CalendarDay(date(2026, 10, 26, 0, 0, in: warsaw), in: warsaw) == day(2026, 10, 26))
        let newYork = zone("America/New_York")
        #expect(CalendarDay(date(2026, 3, 8, 23, 30, in: newYork), in: newYork) == day(2026, 3, 8))
        #expect(CalendarDay(date(2026, 11, 1, 23, 30, in: newYork), in: newYork) == day(2026, 11, 1))
    }

    @Test("ISO weekday: 1970-01-01 was a Thursday, 2026-11-22 a Sunday")
    func weekday() {
        #expect(day(1970, 1, 1).isoWeekday == 4)
        #expect(day(2026, 11, 22).isoWeekday == 7)
        #expect(day(2026, 11, 23).isoWeekday == 1)
        #expect(day(1969, 12, 29).isoWeekday == 1)
    }

    @Test("ISO text is parsed strictly")
    func iso() {
        #expect(day(2026, 3, 9).iso == "2026-03-09")
        #expect(CalendarDay(iso: "2026-3-9") == nil)
        #expect(CalendarDay(iso: "2026-02-30") == nil)
        #expect(CalendarDay(iso: "") == nil)
        #expect(CalendarDay(iso: "2026-+3-09") == nil)
        #expect(CalendarDay(iso: "2026-03-+9") == nil)
        #expect(CalendarDay(iso: "2026/03/09") == nil)
        #expect(CalendarDay(iso: "02026-03-09") == nil)
        #expect(CalendarDay(iso: "2026-03-09 ") == nil)
        #expect(CalendarDay(iso: "2026-03-0\u{FF19}") == nil)
        #expect(CalendarDay(iso: "0001-01-01")?.iso == "0001-01-01")
        #expect(CalendarDay(iso: "9999-12-31")?.iso == "9999-12-31")
    }
}

@Suite("A habit's days in order")
struct HabitDaysOrderTests {
    @Test("days given in any order and twice are kept ascending and once; a skipped day that is done is done")
    func ascendingOnce() {
        let habit = Habit(
            id: 1, fields: fields("Run"), createdAt: Date(timeIntervalSince1970: 0),
            trackedDays: [day(2026, 3, 3), day(2026, 3, 1), day(2026, 3, 3), day(2026, 3, 2)],
            skippedDays: [day(2026, 3, 5), day(2026, 3, 2), day(2026, 3, 4), day(2026, 3, 5)])
        #expect(habit.trackedDays == [day(2026, 3, 1), day(2026, 3, 2), day(2026, 3, 3)])
        #expect(habit.skippedDays == [day(2026, 3, 4), day(2026, 3, 5)])
        #expect(habit.state(on: day(2026, 3, 2)) == .done)
        #expect(habit.state(on: day(2026, 3, 4)) == .skipped)
        #expect(habit.state(on: day(2026, 3, 6)) == DayState.none)
    }
}
