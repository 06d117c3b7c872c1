import Cars
import Testing

@Suite("Car list screen")
struct CarListScreenTests {
    static func car(_ id: Int64, _ body: Body) -> Car {
        Car(id: id, manufacturer: "Maker \(id)", model: "Model \(id)", body: body)
    }

    /// What a store answers for `cars`: the first `limit` cars of `filter` and every body's count.
    static func screen(_ cars: [Car], filter: Body?, requested: Int? = nil) -> CarListScreen {
        let matching = filter.map { body in cars.filter { $0.body == body } } ?? cars
        let slice = CarListSlice(
            cars: Array(matching.prefix(CarListScreen.limit(requested: requested))),
            countsByBody: cars.reduce(into: [:]) { $0[$1.body, default: 0] += 1 })
        return CarListScreen(slice: slice, filter: filter)
    }

    @Test("filters offer the bodies present, in Body order, plus the chosen one")
    func filters() {
        let cars = [Self.car(1, .suv), Self.car(2, .sedan), Self.car(3, .suv)]
        #expect(Self.screen(cars, filter: nil).filters == [.sedan, .suv])
        let coupes = Self.screen(cars, filter: .coupe)
        #expect(coupes.filters == [.sedan, .coupe, .suv])
        #expect(coupes.cars.isEmpty && !coupes.isEmpty && coupes.matching == 0)
        #expect(Self.screen(cars, filter: .suv).cars.map(\.id) == [1, 3])
        #expect(Self.screen(cars, filter: .suv).matching == 2)
        #expect(Self.screen([], filter: nil).isEmpty)
    }

    @Test("a long list shows a page at a time, in the order cars were added")
    func pages() {
        let cars = (1...120).map { Self.car(Int64($0), $0.isMultiple(of: 2) ? .wagon : .coupe) }
        let first = Self.screen(cars, filter: nil)
        #expect(first.cars.map(\.id) == Array(1...50))
        #expect(first.matching == 120 && first.hasMore && first.nextLimit == 100)
        let last = Self.screen(cars, filter: nil, requested: 150)
        #expect(last.cars.count == 120 && !last.hasMore)
        let wagons = Self.screen(cars, filter: .wagon, requested: 100)
        #expect(wagons.cars.count == 60 && !wagons.hasMore && wagons.cars.first?.id == 2)
        #expect(CarListScreen.limit(requested: -5) == 50 && CarListScreen.limit(requested: nil) == 50)
        #expect(CarListScreen.limit(requested: 120) == 120)
        #expect(CarListScreen.limit(requested: Int.max) == CarListScreen.limits.upperBound)
    }
}
