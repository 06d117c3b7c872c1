import CompositionRoot
import Devices
import Foundation
import Habits
import Testing

/// Issue 48: measurable habits on both backends: values kept across a restart, done days derived
/// from them by the period's total, an edit of the target derives them again, a skip and a value
/// never share a day, and a backup and an import carry them.
@Suite("HabitStore measurable habits (SQLite and PostgreSQL)")
struct HabitMeasureContract {
    let km = HabitMeasure(unit: "km", target: 5, kind: .atLeast)!
    let created = Date(timeIntervalSince1970: 1_763_800_000)
    /// A Monday: weekly periods start on it.
    let monday = CalendarDay(iso: "2026-11-16")!

    var run: HabitFields {
        HabitFields(name: "Run", time: TimeOfDay(hour: 6, minute: 0)!, color: .defaultColor, schedule: .times(1, inDays: 7), measure: km)
    }

    @Test("values make the week's done days, kept across a restart; the list totals today's week", arguments: Backend.allCases)
    func valuesAndDoneDays(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let id = try await fixture.open { stores in
                let store = stores.habits(.alice)
                let habit = try await store.create(run, at: created)
                #expect(habit.measure == km)
                #expect(try await store.setValue(id: habit.id, on: monday, 2.5, at: created) == .changed)
                #expect(try await store.setValue(id: habit.id, on: monday, 2.5, at: created) == .unchanged)
                #expect(try await store.habit(id: habit.id)?.trackedDays == [])
                #expect(try await store.setValue(id: habit.id, on: monday.adding(days: 2), 2.5, at: created) == .changed)
                #expect(try await store.habit(id: habit.id)?.trackedDays == [monday, monday.adding(days: 2)], "2.5 + 2.5 meets 5")
                #expect(try await store.setValue(id: habit.id, on: monday.adding(days: 7), 9, at: created) == .changed)
                #expect(try await stores.habits(.bob).setValue(id: habit.id, on: monday, 1, at: created) == .noSuchHabit)
                return habit.id
            }
            try await fixture.open { stores in
                let store = stores.habits(.alice)
                let stored = try #require(try await store.habit(id: id))
                #expect(stored.values == [monday: 2.5, monday.adding(days: 2): 2.5, monday.adding(days: 7): 9])
                #expect(stored.trackedDays == [monday, monday.adding(days: 2), monday.adding(days: 7)])
                let overview = try #require(try await store.overviews(today: monday.adding(days: 3)).first)
                #expect(overview.periodTotal == 5 && overview.fields.measure == km && overview.trackCount == 3)
                #expect(try await store.overviews(today: monday.adding(days: 1)).first?.periodTotal == 2.5, "up to today")
                #expect(try await store.habits() == [stored])

                #expect(try await store.setValue(id: id, on: monday, nil, at: created) == .changed)
                #expect(try await store.habit(id: id)?.trackedDays == [monday.adding(days: 7)], "2.5 alone no longer meets 5")
                #expect(try await store.delete(id: id))
            }
            #expect(try await fixture.integer("SELECT COUNT(*) FROM habitValue") == 0)
        }
    }

    @Test("an edit keeps the kind and derives the done days from the new target", arguments: Backend.allCases)
    func editDerivesAgain(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            let habit = try await store.create(run, at: created)
            _ = try await store.setValue(id: habit.id, on: monday, 3, at: created)
            var easier = run
            easier.measure = HabitMeasure(unit: "km", target: 3, kind: .atLeast)
            #expect(try await store.update(id: habit.id, with: easier))
            #expect(try await store.habit(id: habit.id)?.trackedDays == [monday])
            var daily = easier
            daily.schedule = .daily
            daily.measure = nil
            #expect(try await store.update(id: habit.id, with: daily))
            let stored = try #require(try await store.habit(id: habit.id))
            #expect(stored.measure == easier.measure, "a measurable habit stays measurable")

            let tick = try await store.create(HabitFields(name: "Read", time: run.time, color: run.color), at: created)
            _ = try await store.track(id: tick.id, on: monday, at: created)
            #expect(try await store.update(id: tick.id, with: run))
            let read = try #require(try await store.habit(id: tick.id))
            #expect(read.measure == nil && read.trackedDays == [monday], "a yes/no habit stays yes/no, its ticks kept")
            #expect(try await store.setValue(id: tick.id, on: monday, 3, at: created) == .unchanged)
        }
    }

    @Test("a weekday the schedule leaves out: its value is kept, never done, and in no period's total", arguments: Backend.allCases)
    func leftOutWeekday(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            var mondays = run
            mondays.schedule = HabitSchedule.on(WeekdaySet(isoWeekdays: [1]))!
            let habit = try await store.create(mondays, at: created)
            #expect(try await store.setValue(id: habit.id, on: monday, 5, at: created) == .changed)
            #expect(try await store.setValue(id: habit.id, on: monday.adding(days: 1), 7, at: created) == .changed)
            #expect(try await store.habit(id: habit.id)?.trackedDays == [monday])
            #expect(try await store.overviews(today: monday).first?.periodTotal == 5)
            let tuesday = try #require(try await store.overviews(today: monday.adding(days: 1)).first)
            #expect(tuesday.periodTotal == nil && !tuesday.isTrackedToday)
            let habitOnTuesday = try #require(try await store.habit(id: habit.id)).overview(today: monday.adding(days: 1))
            #expect(habitOnTuesday.periodTotal == tuesday.periodTotal, "the store's statement says what the core does")
        }
    }

    @Test("a skip takes the day's value, and its week's other days are done no more when the week falls short", arguments: Backend.allCases)
    func skipRederivesThePeriod(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            let habit = try await store.create(run, at: created)
            let wednesday = monday.adding(days: 2)
            _ = try await store.setValue(id: habit.id, on: monday, 3, at: created)
            _ = try await store.setValue(id: habit.id, on: wednesday, 3, at: created)
            #expect(try await store.habit(id: habit.id)?.trackedDays == [monday, wednesday], "6 of 5 km in the week")
            #expect(try await store.skip(id: habit.id, on: monday, at: created) == .changed)
            let stored = try #require(try await store.habit(id: habit.id))
            #expect(stored.values == [wednesday: 3] && stored.skippedDays == [monday])
            #expect(stored.trackedDays.isEmpty, "3 of 5 km: Wednesday is not done")
        }
    }

    @Test("the database refuses a unit without a target, a target without a unit, and values no day can hold", arguments: Backend.allCases)
    func checks(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let id = try await fixture.open { stores in try await stores.habits(.alice).create(run, at: created).id }
            let refused = [
                "UPDATE habit SET measureTarget = NULL WHERE id = \(id)",
                "UPDATE habit SET measureUnit = NULL WHERE id = \(id)",
                "UPDATE habit SET measureTarget = -1 WHERE id = \(id)",
                "UPDATE habit SET measureTarget = 1000000001 WHERE id = \(id)",
                "INSERT INTO habitValue (habitID, day, value) VALUES (\(id), '2026-11-16', -0.5)",
                "INSERT INTO habitValue (habitID, day, value) VALUES (\(id), '2026-11-16', 1000000001)",
            ]
            for statement in refused {
                await #expect(throws: (any Error).self, "\(statement)") { try await fixture.execute(statement) }
            }
            try await fixture.execute("UPDATE habit SET measureUnit = NULL, measureTarget = NULL WHERE id = \(id)")
            try await fixture.execute("INSERT INTO habitValue (habitID, day, value) VALUES (\(id), '2026-11-16', 0)")
            #expect(try await fixture.integer("SELECT COUNT(*) FROM habit WHERE measureUnit IS NULL AND measureTarget IS NULL") == 1)
        }
    }

    @Test("a skip takes the day's value and a value takes the skip", arguments: Backend.allCases)
    func skipOrValue(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            let habit = try await store.create(run, at: created)
            _ = try await store.setValue(id: habit.id, on: monday, 6, at: created)
            #expect(try await store.setValue(id: habit.id, on: monday, nil, at: created) == .changed)
            #expect(try await store.skip(id: habit.id, on: monday, at: created) == .changed)
            #expect(try await store.setValue(id: habit.id, on: monday, 6, at: created) == .changed)
            var stored = try #require(try await store.habit(id: habit.id))
            #expect(stored.skippedDays.isEmpty && stored.values == [monday: 6] && stored.trackedDays == [monday])
            #expect(try await store.skip(id: habit.id, on: monday, at: created) == .changed)
            stored = try #require(try await store.habit(id: habit.id))
            #expect(stored.values.isEmpty && stored.skippedDays == [monday])
        }
    }

    @Test("a backup and an import carry the measure and the values", arguments: Backend.allCases)
    func backupAndImport(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            let habit = try await store.create(run, at: created)
            _ = try await store.setValue(id: habit.id, on: monday, 5.5, at: created)
            let backup = try await stores.backup(of: .alice)
            try await stores.restore(backup, for: .bob)
            let restored = try #require(try await stores.habits(.bob).habits().first)
            #expect(restored.measure == km && restored.values == [monday: 5.5] && restored.trackedDays == [monday])

            _ = try await stores.habits(.bob).delete(id: restored.id)
            let imported = HabitImport(source: .loopHabitTracker, habits: [
                ImportedHabit(fields: run, originalName: "Run", trackedDays: [], values: [monday: 1, monday.adding(days: 1): 4], losses: ImportLosses()),
            ])
            _ = try await stores.habits(.bob).add(imported, at: created)
            let added = try #require(try await stores.habits(.bob).habits().first)
            #expect(added.measure == km && added.values.count == 2 && added.trackedDays == [monday, monday.adding(days: 1)])
        }
    }
}
