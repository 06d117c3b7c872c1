/// What the car list shows (CARS-5): the filter choices and the visible cars, derived from a slice
/// of the owner's cars, the chosen body and how many rows are on screen. Like a table view that
/// only lays out the rows in view, a long list shows `pageSize` cars and grows on request.
public struct CarListScreen: Sendable, Hashable {
    /// Rows shown at first and added by each "show more".
    public static let pageSize = 50

    /// The chosen body, nil for "All".
    public let filter: Body?
    /// The bodies to offer after "All": those present, in `Body` order, plus the chosen one.
    public let filters: [Body]
    /// The cars to show, in the order they were added.
    public let cars: [Car]
    /// How many cars match the filter, shown or not.
    public let matching: Int
    /// Whether the owner has no car at all (as opposed to none of the chosen body).
    public let isEmpty: Bool

    /// The row counts a URL may ask for.
    public static let limits = 1...1_000_000

    /// How many rows to ask the store for when a URL asks for `requested`: at least one page, at
    /// most the largest limit.
    public static func limit(requested: Int?) -> Int {
        min(max(requested ?? pageSize, pageSize), limits.upperBound)
    }

    /// The screen for `slice`, which the store read with `filter` and `limit(requested:)`.
    public init(slice: CarListSlice, filter: Body?) {
        self.filter = filter
        let present = Set(slice.countsByBody.keys).union(filter.map { [$0] } ?? [])
        filters = Body.allCases.filter(present.contains)
        cars = slice.cars
        matching = filter.map { slice.countsByBody[$0] ?? 0 } ?? slice.countsByBody.values.reduce(0, +)
        isEmpty = slice.countsByBody.isEmpty
    }

    /// Whether more matching cars exist than are shown.
    public var hasMore: Bool { cars.count < matching }

    /// The limit that shows one more page.
    public var nextLimit: Int { cars.count + Self.pageSize }
}
