import Cars
import Devices
import Habits
import Persistence
import Testing

/// What one owner may keep (issue 34, found 1): each store refuses the write past its limit,
/// storing nothing, and keeps the limit when clients on two pools (two servers) race for the last
/// places. Small limits here; the defaults are in `OwnerLimits`.
@Suite("Owner limits")
struct OwnerLimitsContract {
    static let small = OwnerLimits(cars: 3, habits: 2)
    let run = HabitFields(name: "Run", time: TimeOfDay(hour: 6, minute: 0)!, color: .defaultColor)

    @Test("cars up to the limit, then OwnerLimitReached and nothing stored; a delete makes room; other owners unaffected",
          arguments: Backend.allCases)
    func carsAtTheEdge(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open(limits: Self.small) { stores in
                let alice = stores.cars(.alice)
                var added: [Car] = []
                for index in 0..<3 { added.append(try await alice.add(NewCar(manufacturer: "Lada", model: "Niva \(index)", body: .suv))) }
                await #expect(throws: OwnerLimitReached(limit: 3)) {
                    try await alice.add(NewCar(manufacturer: "Lada", model: "One too many", body: .suv))
                }
                #expect(try await alice.cars(body: nil).map(\.model) == ["Niva 0", "Niva 1", "Niva 2"])
                #expect(try await stores.cars(.bob).add(NewCar(manufacturer: "Volvo", model: "240", body: .wagon)).model == "240")
                #expect(try await alice.delete(id: added[0].id))
                #expect(try await alice.add(NewCar(manufacturer: "Lada", model: "Room again", body: .suv)).model == "Room again")
            }
        }
    }

    @Test("habits up to the limit, then OwnerLimitReached and nothing stored", arguments: Backend.allCases)
    func habitsAtTheEdge(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open(limits: Self.small) { stores in
                let alice = stores.habits(.alice)
                for _ in 0..<2 { _ = try await alice.create(run, at: .now) }
                await #expect(throws: OwnerLimitReached(limit: 2)) { try await alice.create(run, at: .now) }
                #expect(try await alice.habits().count == 2)
                _ = try await stores.habits(.bob).create(run, at: .now)
            }
        }
    }

    @Test("two clients racing 20 adds for one owner with room for 3: exactly 3 kept, 17 refused", arguments: Backend.allCases)
    func racingAdds(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open(limits: Self.small) { first in
                try await fixture.open(limits: Self.small) { second in
                    let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                        for index in 0..<20 {
                            let store = index.isMultiple(of: 2) ? first.cars(.alice) : second.cars(.alice)
                            group.addTask {
                                do {
                                    _ = try await store.add(NewCar(manufacturer: "Maker", model: "Model \(index)", body: .sedan))
                                    return true
                                } catch is OwnerLimitReached {
                                    return false
                                }
                            }
                        }
                        return try await group.reduce(into: [Bool]()) { $0.append($1) }
                    }
                    #expect(outcomes.filter { $0 }.count == 3)
                    #expect(try await first.cars(.alice).cars(body: nil).count == 3)
                }
            }
        }
    }
}
