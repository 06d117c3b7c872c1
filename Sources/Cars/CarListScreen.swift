/// What the car list shows (CARS-5): the filter choices and the visible cars, derived from a slice
/// of the owner's cars, the chosen body, where the page starts and how many rows are on screen.
/// Like a table view that only lays out the rows in view, a long list shows `pageSize` cars and
/// grows on request, up to `maximumRows`; past that, "show more" opens the next page after the
/// last car shown (`after`, a cursor: the id of a car, so deleting one never shifts the pages).
public struct CarListScreen: Sendable, Hashable {
    /// Rows shown at first and added by each "show more".
    public static let pageSize = 50
    /// The most rows one request may ask for (issue 34): a URL asking for more gets this many, and
    /// the list goes on from a cursor. 200 cars are about 110 KB of HTML.
    public static let maximumRows = 200

    /// The chosen body, nil for "All".
    public let filter: Body?
    /// The bodies to offer after "All": those present, in `Body` order, plus the chosen one.
    public let filters: [Body]
    /// The page starts after the car with this id; nil: at the first car.
    public let after: Int64?
    /// The cars to show, in the order they were added.
    public let cars: [Car]
    /// How many rows this page may show (`limit(requested:)`).
    public let limit: Int
    /// How many cars match the filter, shown or not.
    public let matching: Int
    /// Whether the owner has no car at all (as opposed to none of the chosen body).
    public let isEmpty: Bool
    /// Whether cars after the last one shown match too.
    public let hasMore: Bool

    /// The row counts a URL may say: any larger count is no number, a count above `maximumRows`
    /// is read as `maximumRows`.
    public static let limits = 1...1_000_000
    /// The cursors a URL may say: a car's id.
    public static let cursors: ClosedRange<Int64> = 1...Int64.max

    /// How many rows to show when a URL asks for `requested`: at least one page, at most
    /// `maximumRows`.
    public static func limit(requested: Int?) -> Int {
        min(max(requested ?? pageSize, pageSize), maximumRows)
    }

    /// The screen for `slice`, which the store read with `filter`, `after` and one row more than
    /// `limit` (the extra row, never shown, says whether more follow).
    public init(slice: CarListSlice, filter: Body?, after: Int64? = nil, limit: Int = pageSize) {
        self.filter = filter
        self.after = after
        let present = Set(slice.countsByBody.keys).union(filter.map { [$0] } ?? [])
        filters = Body.allCases.filter(present.contains)
        self.limit = limit
        cars = Array(slice.cars.prefix(limit))
        hasMore = slice.cars.count > limit
        matching = filter.map { slice.countsByBody[$0] ?? 0 } ?? slice.countsByBody.values.reduce(0, +)
        isEmpty = slice.countsByBody.isEmpty
    }

    /// What "show more" opens: the same page with one more page of rows while that stays within
    /// `maximumRows`, else the next page, after the last car shown.
    public var next: (after: Int64?, limit: Int?) {
        if cars.count + Self.pageSize <= Self.maximumRows { return (after, cars.count + Self.pageSize) }
        return (cars.last?.id ?? after, nil)
    }
}
