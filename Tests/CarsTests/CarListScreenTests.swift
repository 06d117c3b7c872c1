import Cars
import Testing

@Suite("Car list screen")
struct CarListScreenTests {
    static func car(_ id: Int64, _ body: Body) -> Car {
        Car(id: id, manufacturer: "Maker \(id)", model: "Model \(id)", body: body)
    }

    @Test("filters offer the bodies present, in Body order, plus the chosen one")
    func filters() {
        let cars = [Self.car(1, .suv), Self.car(2, .sedan), Self.car(3, .suv)]
        #expect(CarListScreen(allCars: cars, filter: nil).filters == [.sedan, .suv])
        let coupes = CarListScreen(allCars: cars, filter: .coupe)
        #expect(coupes.filters == [.sedan, .coupe, .suv])
        #expect(coupes.cars.isEmpty && !coupes.isEmpty)
        #expect(CarListScreen(allCars: cars, filter: .suv).cars.map(\.id) == [1, 3])
        #expect(CarListScreen(allCars: [], filter: nil).isEmpty)
    }

    @Test("a long list shows a page at a time, in the order cars were added")
    func pages() {
        let cars = (1...120).map { Self.car(Int64($0), $0.isMultiple(of: 2) ? .wagon : .coupe) }
        let first = CarListScreen(allCars: cars, filter: nil)
        #expect(first.cars.map(\.id) == Array(1...50))
        #expect(first.matching == 120 && first.hasMore && first.nextLimit == 100)
        let last = CarListScreen(allCars: cars, filter: nil, limit: 150)
        #expect(last.cars.count == 120 && !last.hasMore)
        let wagons = CarListScreen(allCars: cars, filter: .wagon, limit: 100)
        #expect(wagons.cars.count == 60 && !wagons.hasMore && wagons.cars.first?.id == 2)
        #expect(CarListScreen(allCars: cars, filter: nil, limit: -5).cars.count == 50)
    }
}
