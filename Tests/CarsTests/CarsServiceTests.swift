import Synchronization
import Testing
import Cars

/// One device's cars in memory.
final class MemoryCarStore: CarStore {
    let stored = Mutex<[Car]>([])

    func add(_ car: NewCar) async throws -> Car {
        stored.withLock { cars in
            let added = Car(id: Int64(cars.count + 1), manufacturer: car.manufacturer, model: car.model, body: car.body,
                            yearOfIssue: car.yearOfIssue, carNumber: car.carNumber)
            cars.append(added)
            return added
        }
    }

    func cars(body: Body?) async throws -> [Car] {
        stored.withLock { $0.filter { body == nil || $0.body == body } }
    }

    func listSlice(body: Body?, limit: Int) async throws -> CarListSlice {
        stored.withLock { cars in
            CarListSlice(
                cars: Array(cars.filter { body == nil || $0.body == body }.prefix(limit)),
                countsByBody: Dictionary(grouping: cars, by: \.body).mapValues(\.count))
        }
    }

    func delete(id: Int64) async throws -> Bool {
        stored.withLock { cars in
            guard let index = cars.firstIndex(where: { $0.id == id }) else { return false }
            cars.remove(at: index)
            return true
        }
    }
}

@Suite("CarsService (CARS-1..5)")
struct CarsServiceTests {
    @Test("a valid draft is added and listed; an invalid one says why and stores nothing")
    func adding() async throws {
        let store = MemoryCarStore()
        let cars = CarsService(store: store)
        let added = try await cars.add(CarDraft(manufacturer: "Lada", model: "Niva", body: "suv", yearOfIssue: "1977", carNumber: ""), currentYear: 2026)
        #expect(try added.get().model == "Niva")
        let refused = try await cars.add(CarDraft(manufacturer: "", model: "Niva", body: "suv", yearOfIssue: "3000", carNumber: ""), currentYear: 2026)
        guard case .failure(let errors) = refused else { Issue.record("an empty manufacturer and a future year were accepted"); return }
        #expect(errors.fields.contains(.manufacturer))
        #expect(try await store.cars(body: nil).count == 1)
        let screen = try await cars.listScreen(filter: .suv)
        #expect(screen.cars.map(\.model) == ["Niva"] && screen.filter == .suv)
        #expect(try await cars.listScreen(filter: .sedan).cars.isEmpty)
    }

    @Test("delete answers whether the device had that car; an unknown filter shows all")
    func deleting() async throws {
        let cars = CarsService(store: MemoryCarStore())
        let car = try await cars.add(CarDraft(manufacturer: "Lada", model: "Niva", body: "suv", yearOfIssue: "", carNumber: ""), currentYear: 2026).get()
        #expect(try await cars.delete(id: car.id))
        #expect(try await !cars.delete(id: car.id))
        #expect(CarsService<MemoryCarStore>.filter("hovercraft") == nil)
        #expect(CarsService<MemoryCarStore>.filter("suv") == .suv)
    }
}
