import Foundation
import Localization
import TestDoubles
import Testing
@testable import Habits

@Suite("HabitsService: the course's store semantics on whole days")
struct HabitsServiceTests {
    let warsaw = zone("Europe/Warsaw")

    /// An empty store, a clock set to `start`, and the service over both in `timeZone`.
    func fixture(at start: Date, in timeZone: TimeZone) -> (InMemoryHabitStore, TestClock, HabitsService<InMemoryHabitStore>) {
        let store = InMemoryHabitStore()
        let clock = TestClock(start)
        return (store, clock, HabitsService(store: store, timeZone: timeZone, now: { clock.now }))
    }

    @Test("a second track on the same day adds nothing")
    func trackIsIdempotent() async throws {
        let (store, clock, habits) = fixture(at: date(2026, 11, 22, 8, 0, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Water"))
        #expect(try await habits.track(habitID: habit.id) == .changed)
        clock.set(date(2026, 11, 22, 23, 59, in: warsaw))
        #expect(try await habits.track(habitID: habit.id) == .unchanged)
        let stored = try #require(try await store.habit(id: habit.id))
        #expect(stored.trackedDays == [day(2026, 11, 22)])
        #expect(habits.isAlreadyTakenToday(stored))
        #expect(try await habits.track(habitID: 999) == .noSuchHabit)
    }

    @Test("edit, delete and the undo question answer for the device's own habits only; nothing for a missing one")
    func oneHabitDecisions() async throws {
        let (_, _, habits) = fixture(at: date(2026, 11, 22, 8, 0, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Water"))
        let english = Catalogues.habits[.en]
        #expect(try await habits.undoQuestion(habitID: habit.id, catalogue: english)?.screen.rows.map(\.id) == [habit.id])
        #expect(try await habits.undoQuestion(habitID: 999, catalogue: english) == nil, "no question about a habit that is not there")
        #expect(try await habits.update(habitID: habit.id, with: fields("Tea")))
        #expect(try await habits.habit(id: habit.id)?.name == "Tea")
        #expect(try await !habits.update(habitID: 999, with: fields("Tea")))
        #expect(try await habits.delete(habitID: habit.id))
        #expect(try await habits.habit(id: habit.id) == nil)
        #expect(try await !habits.delete(habitID: habit.id))
    }

    @Test("a replayed tap counts for the day it was made, any day of the last year, never later; twice is once")
    func replayedTapsCountForTheirDay() async throws {
        // A tick at 23:58 on the 22nd, replayed at 00:10 on the 23rd (issue 24).
        let (store, clock, habits) = fixture(at: date(2026, 11, 22, 23, 58, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Water"))
        clock.set(date(2026, 11, 23, 0, 10, in: warsaw))
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 11, 24)) == .refused(.future))
        #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2025, 11, 17)) == .refused(.beforeStart), "371 days back")
        #expect(try await habits.setTracked(true, habitID: 999, on: day(2026, 11, 22)) == .noSuchHabit)
        let catalogue = Catalogues.habits[.en]
        for _ in 0..<2 {
            #expect(try await habits.setTracked(true, habitID: habit.id, on: day(2026, 11, 22)) == .done)
        }
        #expect(try #require(try await store.habit(id: habit.id)).trackedDays == [day(2026, 11, 22)])
        #expect(try await habits.setTracked(false, habitID: habit.id, on: day(2026, 11, 22)) == .done)
        let reply = try #require(try await habits.trackReply(habitID: habit.id, catalogue: catalogue))
        #expect(!reply.row.isTrackedToday)
        #expect(try #require(try await store.habit(id: habit.id)).trackedDays.isEmpty)
    }

    @Test("a track on 5 January does not count for 5 February")
    func januaryIsNotFebruary() async throws {
        let (store, clock, habits) = fixture(at: date(2026, 1, 5, 9, 0, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Read"))
        try await habits.track(habitID: habit.id)
        clock.set(date(2026, 2, 5, 9, 0, in: warsaw))
        let stored = try #require(try await store.habit(id: habit.id))
        #expect(!habits.isAlreadyTakenToday(stored))
        #expect(habits.habit(stored, isTrackedIn: day(2026, 1, 5)))
        #expect(!habits.habit(stored, isTrackedIn: day(2026, 2, 5)))
        #expect(try await habits.track(habitID: habit.id) == .changed)
        #expect(try await store.habit(id: habit.id)?.trackedDays == [day(2026, 1, 5), day(2026, 2, 5)])
    }

    @Test("a new day starts at local midnight exactly, in UTC+14 and UTC-12 alike")
    func newDayAtLocalMidnight() async throws {
        for identifier in ["Pacific/Kiritimati", "Etc/GMT+12", "Europe/Warsaw"] {
            let timeZone = zone(identifier)
            let (store, clock, habits) = fixture(at: date(2025, 12, 31, 23, 59, in: timeZone), in: timeZone)
            let habit = try await habits.create(fields("Stretch"))
            try await habits.track(habitID: habit.id)
            clock.set(date(2026, 1, 1, 0, 0, in: timeZone))
            #expect(try await habits.track(habitID: habit.id) == .changed, "\(identifier)")
            #expect(try await store.habit(id: habit.id)?.trackedDays == [day(2025, 12, 31), day(2026, 1, 1)], "\(identifier)")
        }
    }

    @Test("the same instant is a different day for devices in UTC+14 and UTC-12")
    func deviceZoneDecidesTheDay() async throws {
        let instant = date(2026, 6, 15, 11, 30, in: zone("UTC"))
        let east = HabitsService(store: InMemoryHabitStore(), timeZone: zone("Pacific/Kiritimati"), now: { instant })
        let west = HabitsService(store: InMemoryHabitStore(), timeZone: zone("Etc/GMT+12"), now: { instant })
        #expect(east.today == day(2026, 6, 16))
        #expect(west.today == day(2026, 6, 14))
    }

    @Test("tracks across a daylight-saving change land on consecutive days")
    func acrossDaylightSaving() async throws {
        let (store, clock, habits) = fixture(at: date(2026, 3, 28, 23, 30, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Walk"))
        for moment in [date(2026, 3, 28, 23, 30, in: warsaw), date(2026, 3, 29, 23, 30, in: warsaw), date(2026, 3, 30, 0, 30, in: warsaw)] {
            clock.set(moment)
            try await habits.track(habitID: habit.id)
        }
        #expect(try await store.habit(id: habit.id)?.trackedDays == [day(2026, 3, 28), day(2026, 3, 29), day(2026, 3, 30)])
    }

    @Test("todayProgress is the share tracked today, 0 without habits")
    func todayProgress() async throws {
        let (_, clock, habits) = fixture(at: date(2026, 11, 22, 10, 0, in: warsaw), in: warsaw)
        #expect(try await habits.todayProgress() == 0)
        let first = try await habits.create(fields("One"))
        _ = try await habits.create(fields("Two"))
        _ = try await habits.create(fields("Three"))
        _ = try await habits.create(fields("Four"))
        try await habits.track(habitID: first.id)
        #expect(try await habits.todayProgress() == 0.25)
        clock.set(date(2026, 11, 23, 10, 0, in: warsaw))
        #expect(try await habits.todayProgress() == 0)
    }

    @Test("untrack takes back only today's track")
    func untrack() async throws {
        let (store, clock, habits) = fixture(at: date(2026, 11, 21, 10, 0, in: warsaw), in: warsaw)
        let habit = try await habits.create(fields("Run"))
        try await habits.track(habitID: habit.id)
        clock.set(date(2026, 11, 22, 10, 0, in: warsaw))
        #expect(try await habits.untrack(habitID: habit.id) == .unchanged)
        try await habits.track(habitID: habit.id)
        #expect(try await habits.untrack(habitID: habit.id) == .changed)
        #expect(try await store.habit(id: habit.id)?.trackedDays == [day(2026, 11, 21)])
    }

    @Test("dates runs from the first use to today, one entry a day")
    func dates() async throws {
        let (_, clock, habits) = fixture(at: date(2026, 2, 27, 10, 0, in: warsaw), in: warsaw)
        #expect(try await habits.dates() == [day(2026, 2, 27)])
        _ = try await habits.create(fields("Sleep"))
        clock.set(date(2026, 3, 2, 7, 0, in: warsaw))
        #expect(try await habits.dates() == [day(2026, 2, 27), day(2026, 2, 28), day(2026, 3, 1), day(2026, 3, 2)])
    }

    @Test("dateString in each language")
    func dateString() {
        let evening = TimeOfDay(hour: 19, minute: 5)!
        #expect(evening.dateString(in: Catalogues.habits[.ru]) == "Каждый день в 19:05")
        #expect(evening.dateString(in: Catalogues.habits[.en]) == "Every day at 7:05 PM")
        #expect(evening.dateString(in: Catalogues.habits[.pl]) == "Codziennie o 19:05")
        #expect(TimeOfDay(hour: 0, minute: 30)!.dateString(in: Catalogues.habits[.en]) == "Every day at 12:30 AM")
        #expect(TimeOfDay(hour: 12, minute: 0)!.dateString(in: Catalogues.habits[.en]) == "Every day at 12:00 PM")
    }
}
