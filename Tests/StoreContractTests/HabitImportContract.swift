import CompositionRoot
import Devices
import Foundation
import Habits
import Persistence
import Testing

@Suite("HabitStore.add, an import in one transaction (SQLite and PostgreSQL)")
struct HabitImportContract {
    let created = Date(timeIntervalSince1970: 1_763_800_000)

    func imported(_ names: [String], days: [String] = ["2025-03-01", "2025-03-02"]) -> HabitImport {
        HabitImport(source: .habitBull, habits: names.map { name in
            ImportedHabit(fields: HabitFields(name: name, time: HabitImport.defaultTime, color: .defaultColor), originalName: name,
                          trackedDays: days.map { CalendarDay(iso: $0)! }, losses: ImportLosses())
        })
    }

    @Test("every habit with its days; a name the owner has takes a suffix, never merges; other owners untouched",
          arguments: Backend.allCases)
    func adds(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let alice = stores.habits(.alice)
            let read = try await alice.create(HabitFields(name: "Read", time: TimeOfDay(hour: 7, minute: 0)!, color: .defaultColor), at: created)
            _ = try await alice.track(id: read.id, on: CalendarDay(iso: "2025-03-01")!, at: created)
            let added = try await alice.add(imported(["Read", "Walk"]), at: created)
            #expect(added.habits.map(\.fields.name) == ["Read (2)", "Walk"])
            let habits = try await alice.habits()
            #expect(habits.map(\.name) == ["Read", "Read (2)", "Walk"])
            #expect(habits.map { $0.trackedDays.map(\.iso) } == [["2025-03-01"], ["2025-03-01", "2025-03-02"], ["2025-03-01", "2025-03-02"]])
            #expect(try await stores.habits(.bob).habits().isEmpty)
        }
    }

    @Test("past the owner's limit nothing is added", arguments: Backend.allCases)
    func limit(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open(limits: OwnerLimits(cars: 3, habits: 2)) { stores in
                let alice = stores.habits(.alice)
                _ = try await alice.create(HabitFields(name: "Read", time: TimeOfDay(hour: 7, minute: 0)!, color: .defaultColor), at: created)
                await #expect(throws: OwnerLimitReached(limit: 2)) { try await alice.add(imported(["A", "B"]), at: created) }
                #expect(try await alice.habits().map(\.name) == ["Read"])
            }
        }
    }
}
