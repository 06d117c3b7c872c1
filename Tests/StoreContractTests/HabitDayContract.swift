import CompositionRoot
import Devices
import Foundation
import Habits
import Testing

/// Issue 48: skipped days and notes on both backends, kept across a restart, by a backup and by
/// an import; a day is done or skipped, never both.
@Suite("HabitStore skipped days and notes (SQLite and PostgreSQL)")
struct HabitDayContract {
    let run = HabitFields(name: "Run", time: TimeOfDay(hour: 6, minute: 0)!, color: .defaultColor)
    let created = Date(timeIntervalSince1970: 1_763_800_000)

    func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

    @Test("a skip takes a done day out of the count and a track takes a skip back; twice is once", arguments: Backend.allCases)
    func doneOrSkipped(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            let habit = try await store.create(run, at: created)
            #expect(try await store.track(id: habit.id, on: day("2026-11-20"), at: created) == .changed)
            #expect(try await store.skip(id: habit.id, on: day("2026-11-20"), at: created) == .changed)
            #expect(try await store.skip(id: habit.id, on: day("2026-11-20"), at: created) == .unchanged)
            var stored = try #require(try await store.habit(id: habit.id))
            #expect(stored.trackedDays.isEmpty && stored.skippedDays == [day("2026-11-20")])
            #expect(try await store.overviews(today: day("2026-11-20")).first?.trackCount == 0, "the count follows")
            #expect(try await store.track(id: habit.id, on: day("2026-11-20"), at: created) == .changed)
            stored = try #require(try await store.habit(id: habit.id))
            #expect(stored.trackedDays == [day("2026-11-20")] && stored.skippedDays.isEmpty)
            #expect(try await store.skip(id: habit.id, on: day("2026-11-21"), at: created) == .changed)
            #expect(try await store.unskip(id: habit.id, on: day("2026-11-21")) == .changed)
            #expect(try await store.unskip(id: habit.id, on: day("2026-11-21")) == .unchanged)
            #expect(try await stores.habits(.bob).skip(id: habit.id, on: day("2026-11-22"), at: created) == .noSuchHabit, "another device's habit")
            #expect(try await stores.habits(.bob).setNote(id: habit.id, on: day("2026-11-22"), "x") == .noSuchHabit)
            #expect(try await store.skip(id: 424_242, on: day("2026-11-22"), at: created) == .noSuchHabit)
        }
    }

    @Test("notes are written, replaced, removed and kept across a restart; a habit's deletion takes them", arguments: Backend.allCases)
    func notes(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let id = try await fixture.open { stores in
                let store = stores.habits(.alice)
                let habit = try await store.create(run, at: created)
                #expect(try await store.setNote(id: habit.id, on: day("2026-11-20"), "Rain, then sun") == .changed)
                #expect(try await store.setNote(id: habit.id, on: day("2026-11-20"), "Rain, then sun") == .unchanged)
                #expect(try await store.setNote(id: habit.id, on: day("2026-11-20"), "Дождь\nи ветер") == .changed)
                #expect(try await store.setNote(id: habit.id, on: day("2026-11-21"), "Tired") == .changed)
                #expect(try await store.setNote(id: habit.id, on: day("2026-11-21"), nil) == .changed)
                #expect(try await store.setNote(id: habit.id, on: day("2026-11-21"), nil) == .unchanged)
                #expect(try await store.skip(id: habit.id, on: day("2026-11-19"), at: created) == .changed)
                return habit.id
            }
            try await fixture.open { stores in
                let store = stores.habits(.alice)
                let stored = try #require(try await store.habit(id: id))
                #expect(stored.notes == [day("2026-11-20"): "Дождь\nи ветер"])
                #expect(stored.skippedDays == [day("2026-11-19")])
                #expect(try await store.habits() == [stored])
                #expect(try await store.delete(id: id))
            }
            #expect(try await fixture.integer("SELECT COUNT(*) FROM habitNote") == 0)
            #expect(try await fixture.integer("SELECT COUNT(*) FROM habitSkip") == 0)
        }
    }

    @Test("a backup carries skipped days and notes and a restore puts them back; an older backup has none", arguments: Backend.allCases)
    func backup(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            let habit = try await store.create(run, at: created)
            _ = try await store.track(id: habit.id, on: day("2026-11-18"), at: created)
            _ = try await store.skip(id: habit.id, on: day("2026-11-19"), at: created)
            _ = try await store.setNote(id: habit.id, on: day("2026-11-18"), "5 km \"easy\"")
            _ = try await store.create(HabitFields(name: "Read", time: run.time, color: run.color), at: created)
            let backup = try await stores.backup(of: .alice)
            let habits = try #require(backup.sections["habits"] as? HabitsBackup).habits
            #expect(habits.map(\.skipped) == [["2026-11-19"], nil])
            #expect(habits.map(\.notes) == [["2026-11-18": "5 km \"easy\""], nil], "a habit without either writes neither")
            try await stores.restore(backup, for: .bob)
            let restored = try await stores.habits(.bob).habits()
            #expect(restored.map(\.skippedDays) == [[day("2026-11-19")], []])
            #expect(restored.map(\.notes) == [[day("2026-11-18"): "5 km \"easy\""], [:]])
            #expect(restored.first?.trackedDays == [day("2026-11-18")])
        }
    }

    @Test("an import adds each habit's skipped days and notes with it", arguments: Backend.allCases)
    func importKeepsThem(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let imported = HabitImport(source: .loopHabitTracker, habits: [
                ImportedHabit(fields: run, originalName: "Run", trackedDays: [day("2026-11-01")], skippedDays: [day("2026-11-02")],
                              notes: [day("2026-11-01"): "First"], losses: ImportLosses()),
            ])
            _ = try await stores.habits(.alice).add(imported, at: created)
            let habit = try #require(try await stores.habits(.alice).habits().first)
            #expect(habit.trackedDays == [day("2026-11-01")] && habit.skippedDays == [day("2026-11-02")])
            #expect(habit.notes == [day("2026-11-01"): "First"])
        }
    }
}
