import Persistence
/// Where cars live. The outer layers implement it (Storage: SQLite, scoped to one owner).
public protocol CarStore: Sendable {
    /// Stores `car` and returns it with its id; throws `OwnerLimitReached` (storing nothing) when
    /// the owner keeps as many cars as it may.
    func add(_ car: NewCar) async throws -> Car
    /// Cars in the order they were added, optionally only those with `body`.
    func cars(body: Body?) async throws -> [Car]
    /// What the list screen shows: the first `limit` cars with `body` (all when nil) whose id is
    /// greater than `after` (all when nil), in the order they were added, and the counts around
    /// them. Reads only those rows.
    func listSlice(body: Body?, after: Int64?, limit: Int) async throws -> CarListSlice
    /// Removes the car; false when no such car belongs to this store.
    func delete(id: Int64) async throws -> Bool
    /// The car with `id`; nil when no such car belongs to this store (issue 50).
    func car(id: Int64) async throws -> Car?
    /// Replaces the fields of the car with `id` by `car`'s, keeping its id (and so its place in
    /// the list); nil, changing nothing, when no such car belongs to this store (issue 50).
    func update(id: Int64, with car: NewCar) async throws -> Car?
}

extension CarStore {
    /// The first `limit` cars with `body`: `listSlice(body:after:limit:)` from the first car.
    public func listSlice(body: Body?, limit: Int) async throws -> CarListSlice {
        try await listSlice(body: body, after: nil, limit: limit)
    }
}

/// One screenful of the car list and the counts around it.
public struct CarListSlice: Sendable, Hashable {
    /// The first cars that match (after the cursor), in the order they were added.
    public let cars: [Car]
    /// How many cars of each body the owner has (bodies with none are absent).
    public let countsByBody: [Body: Int]

    public init(cars: [Car], countsByBody: [Body: Int]) {
        self.cars = cars
        self.countsByBody = countsByBody
    }
}
