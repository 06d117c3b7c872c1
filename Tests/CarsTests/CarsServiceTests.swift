import TestDoubles
import Testing
import Cars

@Suite("CarsService (CARS-1..5)")
struct CarsServiceTests {
    @Test("a valid draft is added and listed; an invalid one says why and stores nothing")
    func adding() async throws {
        let store = InMemoryCarStore()
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

    @Test("a URL asking for 10,000 rows reads 201 from the store and shows 200; the cursor goes on from there (issue 34)")
    func cappedList() async throws {
        let store = InMemoryCarStore()
        let cars = CarsService(store: store)
        for number in 1...230 {
            _ = try await cars.add(CarDraft(manufacturer: "M\(number)", model: "X", body: "coupe", yearOfIssue: "", carNumber: ""), currentYear: 2026)
        }
        let capped = try await cars.listScreen(filter: nil, requested: 10_000)
        #expect(capped.cars.count == 200 && capped.hasMore && capped.matching == 230)
        let rest = try await cars.listScreen(filter: .coupe, after: capped.next.after, requested: capped.next.limit)
        #expect(rest.cars.map(\.manufacturer) == (201...230).map { "M\($0)" } && !rest.hasMore)
    }

    @Test("delete answers whether the device had that car; an unknown filter shows all")
    func deleting() async throws {
        let cars = CarsService(store: InMemoryCarStore())
        let car = try await cars.add(CarDraft(manufacturer: "Lada", model: "Niva", body: "suv", yearOfIssue: "", carNumber: ""), currentYear: 2026).get()
        #expect(try await cars.delete(id: car.id))
        #expect(try await !cars.delete(id: car.id))
        #expect(CarsService<InMemoryCarStore>.filter("hovercraft") == nil)
        #expect(CarsService<InMemoryCarStore>.filter("suv") == .suv)
    }
}
