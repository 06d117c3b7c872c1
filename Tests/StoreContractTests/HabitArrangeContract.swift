import CompositionRoot
import Devices
import Foundation
import Habits
import Testing

/// Issue 38 on both backends: archived habits leave the list and keep their days; the list's
/// order is kept per owner across a restart; past days are tracked like today.
@Suite("HabitStore archive and order (SQLite and PostgreSQL)")
struct HabitArrangeContract {
    let created = Date(timeIntervalSince1970: 1_763_800_000)

    func fields(_ name: String) -> HabitFields {
        HabitFields(name: name, time: TimeOfDay(hour: 7, minute: 0)!, color: .defaultColor)
    }

    func names(_ store: any HabitStore, archived: Bool = false) async throws -> [String] {
        let today = CalendarDay(iso: "2026-11-22")!
        return try await (archived ? store.archivedOverviews(today: today) : store.overviews(today: today)).map(\.fields.name)
    }

    @Test("moves and archives persist across a restart; a new habit comes last; moves skip archived habits", arguments: Backend.allCases)
    func orderAndArchivePersist(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let ids = try await fixture.open { stores in
                let store = stores.habits(.alice)
                let a = try await store.create(fields("A"), at: created)
                let b = try await store.create(fields("B"), at: created)
                let c = try await store.create(fields("C"), at: created)
                #expect(try await store.track(id: b.id, on: CalendarDay(iso: "2026-11-01")!, at: created) == .changed)
                #expect(try await store.move(id: c.id, .up))
                #expect(try await store.move(id: c.id, .up))
                #expect(try await names(store) == ["C", "A", "B"])
                #expect(try await store.move(id: c.id, .up), "the first moved up changes nothing")
                #expect(try await store.move(id: b.id, .down), "the last moved down changes nothing")
                #expect(try await store.setArchived(id: b.id, true))
                return (a.id, b.id, c.id)
            }
            try await fixture.open { stores in
                let store = stores.habits(.alice)
                #expect(try await names(store) == ["C", "A"])
                #expect(try await names(store, archived: true) == ["B"])
                #expect(try await store.archivedOverviews(today: CalendarDay(iso: "2026-11-22")!).first?.trackCount == 1, "its days kept")
                let all = try await store.habits()
                #expect(all.map(\.name) == ["C", "A", "B"], "every habit, archived too, in the owner's order")
                #expect(all.map(\.isArchived) == [false, false, true])
                #expect(try await store.habit(id: ids.1)?.isArchived == true)
                #expect(try await !store.move(id: ids.1, .up), "an archived habit is not on the list")
                #expect(try await store.move(id: ids.0, .up))
                #expect(try await names(store) == ["A", "C"])
                let d = try await store.create(fields("D"), at: created)
                #expect(try await names(store) == ["A", "C", "D"])
                #expect(try await store.setArchived(id: ids.1, false))
                #expect(try await names(store) == ["A", "C", "B", "D"], "restored where it was")
                #expect(try await store.move(id: d.id, .up))
                #expect(try await names(store) == ["A", "C", "D", "B"])
            }
        }
    }

    @Test("a device never archives or moves another device's habits; each owner has its own order", arguments: Backend.allCases)
    func scoping(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let mine = stores.habits(.alice)
            let theirs = stores.habits(.bob)
            let a = try await mine.create(fields("A"), at: created)
            let x = try await theirs.create(fields("X"), at: created)
            let b = try await mine.create(fields("B"), at: created)
            let y = try await theirs.create(fields("Y"), at: created)
            #expect(try await !theirs.setArchived(id: a.id, true))
            #expect(try await !theirs.move(id: b.id, .up))
            #expect(try await mine.move(id: b.id, .up))
            #expect(try await names(mine) == ["B", "A"])
            #expect(try await names(theirs) == ["X", "Y"])
            #expect(try await theirs.move(id: y.id, .up))
            #expect(try await names(theirs) == ["Y", "X"])
            #expect(try await names(mine) == ["B", "A"])
            #expect(try await theirs.setArchived(id: x.id, true))
            #expect(try await names(mine, archived: true).isEmpty)
        }
    }

    @Test("a backup lists the habits in the owner's order, and a restore keeps it", arguments: Backend.allCases)
    func backupKeepsTheOrder(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            var ids: [Int64] = []
            for name in ["A", "B", "C"] { ids.append(try await store.create(fields(name), at: created).id) }
            #expect(try await store.move(id: ids[2], .up))
            #expect(try await store.move(id: ids[2], .up))
            let backup = try await stores.backup(of: .alice)
            try await stores.restore(backup, for: .bob)
            #expect(try await names(stores.habits(.bob)) == ["C", "A", "B"])
        }
    }

    @Test("many moves at once keep one place per habit", arguments: Backend.allCases)
    func concurrentMoves(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            var ids: [Int64] = []
            for name in ["A", "B", "C", "D", "E"] { ids.append(try await store.create(fields(name), at: created).id) }
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for round in 0..<20 {
                    let id = ids[round % ids.count]
                    group.addTask { try await store.move(id: id, round % 2 == 0 ? .up : .down) }
                }
                for try await moved in group { #expect(moved) }
            }
            let shown = try await names(store)
            #expect(shown.sorted() == ["A", "B", "C", "D", "E"], "each habit once: \(shown)")
        }
    }
}
