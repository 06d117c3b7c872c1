/// What the car list shows (CARS-5): the filter choices and the visible cars, derived from all
/// of the owner's cars and the chosen body. Any face (web, iOS) renders it as it is.
public struct CarListScreen: Sendable, Hashable {
    /// The chosen body, nil for "All".
    public let filter: Body?
    /// The bodies to offer after "All": those present, in `Body` order, plus the chosen one.
    public let filters: [Body]
    /// The cars to show, in the order they were added.
    public let cars: [Car]
    /// Whether the owner has no car at all (as opposed to none of the chosen body).
    public let isEmpty: Bool

    public init(allCars: [Car], filter: Body?) {
        self.filter = filter
        let present = Set(allCars.map(\.body)).union(filter.map { [$0] } ?? [])
        filters = Body.allCases.filter(present.contains)
        cars = filter.map { body in allCars.filter { $0.body == body } } ?? allCars
        isEmpty = allCars.isEmpty
    }
}
