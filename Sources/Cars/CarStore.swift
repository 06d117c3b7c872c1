/// Where cars live. The outer layers implement it (Storage: SQLite, scoped to one owner).
public protocol CarStore: Sendable {
    /// Stores `car` and returns it with its id.
    func add(_ car: NewCar) async throws -> Car
    /// Cars in the order they were added, optionally only those with `body`.
    func cars(body: Body?) async throws -> [Car]
    /// Removes the car; false when no such car belongs to this store.
    func delete(id: Int64) async throws -> Bool
}
