import Cars
import Testing

@Suite("Car list screen")
struct CarListScreenTests {
    static func car(_ id: Int64, _ body: Body) -> Car {
        Car(id: id, manufacturer: "Maker \(id)", model: "Model \(id)", body: body)
    }

    /// What a store answers for `cars`: one row more than the page's limit of `filter` after
    /// `after`, and every body's count, as `CarsService.listScreen` asks.
    static func screen(_ cars: [Car], filter: Body?, after: Int64? = nil, requested: Int? = nil) -> CarListScreen {
        let limit = CarListScreen.limit(requested: requested)
        let matching = cars.filter { car in (filter.map { car.body == $0 } ?? true) && car.id > after ?? 0 }
        let slice = CarListSlice(
            cars: Array(matching.prefix(limit + 1)),
            countsByBody: cars.reduce(into: [:]) { $0[$1.body, default: 0] += 1 })
        return CarListScreen(slice: slice, filter: filter, after: after, limit: limit)
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
        #expect(first.matching == 120 && first.hasMore && first.next.after == nil && first.next.limit == 100)
        let last = Self.screen(cars, filter: nil, requested: 150)
        #expect(last.cars.count == 120 && !last.hasMore)
        let wagons = Self.screen(cars, filter: .wagon, requested: 100)
        #expect(wagons.cars.count == 60 && !wagons.hasMore && wagons.cars.first?.id == 2)
        #expect(CarListScreen.limit(requested: -5) == 50 && CarListScreen.limit(requested: nil) == 50)
        #expect(CarListScreen.limit(requested: 120) == 120)
    }

    @Test("no request shows more than maximumRows; past them the list goes on after the last car shown (issue 34)")
    func cap() {
        #expect(CarListScreen.maximumRows == 200)
        #expect(CarListScreen.limit(requested: 200) == 200)
        #expect(CarListScreen.limit(requested: 201) == 200)
        #expect(CarListScreen.limit(requested: 10_000) == 200)
        #expect(CarListScreen.limit(requested: Int.max) == 200)
        let cars = (1...450).map { Self.car(Int64($0), .sedan) }
        let growing = Self.screen(cars, filter: nil, requested: 150).next
        #expect(growing.after == nil && growing.limit == 200)
        let full = Self.screen(cars, filter: nil, requested: 10_000)
        #expect(full.cars.count == 200 && full.hasMore && full.limit == 200)
        #expect(full.next.after == 200 && full.next.limit == nil)
        // Following "show more" from the first page reaches every car, each once, in order.
        var seen: [Int64] = []
        var screen = Self.screen(cars, filter: nil)
        var pages = 1
        while true {
            seen += screen.cars.map(\.id).filter { $0 > (seen.last ?? 0) }
            guard screen.hasMore else { break }
            screen = Self.screen(cars, filter: nil, after: screen.next.after, requested: screen.next.limit)
            pages += 1
            #expect(screen.cars.count <= CarListScreen.maximumRows)
        }
        #expect(seen == Array(1...450))
        #expect(pages == 9)  // 50, 100, 150, 200 rows; after car 200 the same four; after car 400 the last 50
        let lastPage = Self.screen(cars, filter: nil, after: 400)
        #expect(lastPage.cars.map(\.id) == Array(401...450) && !lastPage.hasMore && lastPage.after == 400)
        let beyond = Self.screen(cars, filter: nil, after: 9_999)
        #expect(beyond.cars.isEmpty && !beyond.hasMore && beyond.matching == 450 && !beyond.isEmpty)
    }
}
