import CompositionRoot
import Cars
import Devices
import Testing

@Suite("CarStore contract (SQLite and PostgreSQL)")
struct CarStoreContract {
    @Test("a device sees only its own cars, and cannot delete another's", arguments: Backend.allCases)
    func deviceScoping(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let aliceCars = stores.cars(.alice)
            let bobCars = stores.cars(.bob)
            let golf = try await aliceCars.add(NewCar(manufacturer: "VW", model: "Golf", body: .hatchback, yearOfIssue: 2015, carNumber: "A123BC"))
            _ = try await bobCars.add(NewCar(manufacturer: "Lada", model: "Niva", body: .suv))

            #expect(try await aliceCars.cars(body: nil).map(\.model) == ["Golf"])
            #expect(try await bobCars.cars(body: nil).map(\.model) == ["Niva"])
            #expect(try await bobCars.delete(id: golf.id) == false)
            #expect(try await aliceCars.cars(body: nil) == [golf])
            #expect(try await aliceCars.delete(id: golf.id) == true)
            #expect(try await aliceCars.delete(id: golf.id) == false)
            #expect(try await aliceCars.cars(body: nil).isEmpty)
            #expect(try await stores.deviceCount() == 2)
        }
    }

    @Test("cars keep every field and their order, filter by body, and survive a restart", arguments: Backend.allCases)
    func carsPersist(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                let store = stores.cars(.console)
                _ = try await store.add(NewCar(manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2019))
                _ = try await store.add(NewCar(manufacturer: "Ford", model: "F-150", body: .pickup, carNumber: "Х 777 ХХ"))
                _ = try await store.add(NewCar(manufacturer: "BMW", model: "M3", body: .sedan))
            }
            try await fixture.open { stores in
                let store = stores.cars(.console)
                let all = try await store.cars(body: nil)
                #expect(all.map(\.model) == ["Camry", "F-150", "M3"])
                #expect(all[0].yearOfIssue == 2019 && all[0].carNumber == nil)
                #expect(all[1].carNumber == "Х 777 ХХ" && all[1].yearOfIssue == nil)
                #expect(try await store.cars(body: .sedan).map(\.model) == ["Camry", "M3"])
                #expect(try await store.cars(body: .wagon).isEmpty)
            }
        }
    }

    @Test("a list slice reads the first rows of a body and counts every body, for one owner only", arguments: Backend.allCases)
    func listSlice(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.cars(.alice)
            let bodies: [Body] = [.sedan, .suv, .sedan, .wagon, .sedan]
            for (index, body) in bodies.enumerated() {
                _ = try await store.add(NewCar(manufacturer: "Maker", model: "Model \(index)", body: body))
            }
            _ = try await stores.cars(.bob).add(NewCar(manufacturer: "Lada", model: "Niva", body: .suv))
            let sedans = try await store.listSlice(body: .sedan, limit: 2)
            #expect(sedans.cars.map(\.model) == ["Model 0", "Model 2"])
            #expect(sedans.countsByBody == [.sedan: 3, .suv: 1, .wagon: 1])
            let all = try await store.listSlice(body: nil, limit: 50)
            #expect(all.cars.map(\.model) == ["Model 0", "Model 1", "Model 2", "Model 3", "Model 4"])
            #expect(try await stores.cars(.console).listSlice(body: nil, limit: 50) == CarListSlice(cars: [], countsByBody: [:]))
        }
    }

    @Test("a list slice after a cursor reads the next rows of a body, by id, for one owner only (issue 34)", arguments: Backend.allCases)
    func listSliceAfterCursor(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.cars(.alice)
            var added: [Car] = []
            for (index, body) in [Body.sedan, .suv, .sedan, .wagon, .sedan, .sedan].enumerated() {
                added.append(try await store.add(NewCar(manufacturer: "Maker", model: "Model \(index)", body: body)))
            }
            let bobs = try await stores.cars(.bob).add(NewCar(manufacturer: "Lada", model: "Niva", body: .sedan))
            let next = try await store.listSlice(body: nil, after: added[1].id, limit: 3)
            #expect(next.cars.map(\.model) == ["Model 2", "Model 3", "Model 4"])
            #expect(next.countsByBody == [.sedan: 4, .suv: 1, .wagon: 1], "the counts are the owner's, not the page's")
            let sedans = try await store.listSlice(body: .sedan, after: added[2].id, limit: 50)
            #expect(sedans.cars.map(\.model) == ["Model 4", "Model 5"])
            #expect(try await store.listSlice(body: nil, after: added[5].id, limit: 50).cars.isEmpty)
            #expect(try await store.listSlice(body: nil, after: Int64.max, limit: 50).cars.isEmpty)
            #expect(try await stores.cars(.bob).listSlice(body: .sedan, after: 0, limit: 50).cars.map(\.id) == [bobs.id])
            // A cursor naming a deleted car still goes on from where it was.
            #expect(try await store.delete(id: added[2].id))
            #expect(try await store.listSlice(body: nil, after: added[2].id, limit: 2).cars.map(\.model) == ["Model 3", "Model 4"])
        }
    }

    @Test("the counts per body follow every add and delete, per owner, and a body with no car left disappears", arguments: Backend.allCases)
    func bodyCountsFollowTheRows(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.cars(.alice)
            var added: [Car] = []
            for body: Body in [.sedan, .suv, .sedan, .wagon, .sedan, .suv] {
                added.append(try await store.add(NewCar(manufacturer: "Maker", model: "Model", body: body)))
            }
            _ = try await stores.cars(.bob).add(NewCar(manufacturer: "Lada", model: "Niva", body: .pickup))
            #expect(try await store.listSlice(body: nil, limit: 50).countsByBody == [.sedan: 3, .suv: 2, .wagon: 1])
            #expect(try await store.delete(id: added[3].id))  // the only wagon
            #expect(try await store.delete(id: added[0].id))
            #expect(try await stores.cars(.bob).delete(id: added[1].id) == false)
            let slice = try await store.listSlice(body: .suv, limit: 50)
            #expect(slice.countsByBody == [.sedan: 2, .suv: 2])
            #expect(slice.cars.map(\.id) == [added[1].id, added[5].id])
            #expect(try await stores.cars(.bob).listSlice(body: nil, limit: 50).countsByBody == [.pickup: 1])
            for car in try await store.cars(body: nil) { _ = try await store.delete(id: car.id) }
            #expect(try await store.listSlice(body: nil, limit: 50) == CarListSlice(cars: [], countsByBody: [:]))
        }
    }

    @Test("editing a car changes its fields in place, for its owner only, and moves it between body counts (issue 50)", arguments: Backend.allCases)
    func update(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let (golf, camry) = try await fixture.open { stores in
                let store = stores.cars(.alice)
                let golf = try await store.add(NewCar(manufacturer: "VW", model: "Golf", body: .hatchback, yearOfIssue: 2015, carNumber: "A123BC"))
                let camry = try await store.add(NewCar(manufacturer: "Toyota", model: "Camry", body: .sedan))
                return (golf, camry)
            }
            try await fixture.open { stores in
                let alice = stores.cars(.alice)
                let bob = stores.cars(.bob)
                let edited = NewCar(manufacturer: "Volkswagen", model: "Golf Variant", body: .wagon, yearOfIssue: nil, carNumber: "Б 456 ВГ")
                #expect(try await bob.update(id: golf.id, with: edited) == nil, "another device's car is not found")
                #expect(try await bob.car(id: golf.id) == nil)
                #expect(try await alice.car(id: golf.id) == golf)
                #expect(try await alice.update(id: Int64.max, with: edited) == nil)
                let saved = try await alice.update(id: golf.id, with: edited)
                #expect(saved == Car(id: golf.id, edited))
                #expect(try await alice.car(id: golf.id) == saved)
                #expect(try await alice.cars(body: nil) == [Car(id: golf.id, edited), camry], "same id, same place in the list")
                #expect(try await alice.listSlice(body: nil, limit: 50).countsByBody == [.wagon: 1, .sedan: 1])
                #expect(try await alice.cars(body: .hatchback).isEmpty)
                let backToHatchback = try await alice.update(id: golf.id, with: NewCar(manufacturer: "VW", model: "Golf", body: .hatchback, yearOfIssue: 2016))
                #expect(backToHatchback?.carNumber == nil && backToHatchback?.yearOfIssue == 2016, "a cleared field is stored as none")
                #expect(try await alice.listSlice(body: nil, limit: 50).countsByBody == [.hatchback: 1, .sedan: 1])
            }
            try await fixture.open { stores in
                let car = try await stores.cars(.alice).car(id: golf.id)
                #expect(car == Car(id: golf.id, manufacturer: "VW", model: "Golf", body: .hatchback, yearOfIssue: 2016), "an edit survives a restart")
            }
        }
    }

    @Test("two clients adding cars to one new device at once: every car kept once, in order, and counted", arguments: Backend.allCases)
    func concurrentAdds(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    let bodies: [Body] = [.sedan, .suv, .wagon, .sedan]
                    let added = try await withThrowingTaskGroup(of: Car.self) { group in
                        for index in 0..<24 {
                            let store = index.isMultiple(of: 2) ? first.cars(.alice) : second.cars(.alice)
                            let body = bodies[index % bodies.count]
                            group.addTask { try await store.add(NewCar(manufacturer: "Maker", model: "Model \(index)", body: body)) }
                        }
                        return try await group.reduce(into: [Car]()) { $0.append($1) }
                    }
                    #expect(Set(added.map(\.id)).count == 24)
                    let stored = try await first.cars(.alice).cars(body: nil)
                    #expect(stored == added.sorted { $0.id < $1.id })
                    let slice = try await second.cars(.alice).listSlice(body: nil, limit: 50)
                    #expect(slice.countsByBody == [.sedan: 12, .suv: 6, .wagon: 6])
                    #expect(try await first.deviceCount() == 1)
                }
            }
        }
    }
}

extension StoreBackend {
    /// The owner's cars, through the core's protocol only.
    func cars(_ owner: DeviceID) -> any CarStore {
        switch self {
        case .sqlite(let database): database.carStore(owner: owner)
        case .postgres(let database): database.carStore(owner: owner)
        }
    }
}
