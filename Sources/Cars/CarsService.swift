import Devices
import Localization
import Persistence
/// One device's car list (CARS-1..5): the one type the web face calls. It owns the store and every
/// decision: what a screen holds, whether a draft may be added, what deleting answers.
public struct CarsService<Store: CarStore>: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The list filtered by `filter` (all when nil), from the car after `after` (the first when
    /// nil), showing `requested` cars within `CarListScreen.limit(requested:)` (a page when nil).
    public func listScreen(filter: Body?, after: Int64? = nil, requested: Int? = nil) async throws -> CarListScreen {
        let limit = CarListScreen.limit(requested: requested)
        // One row more than shown says whether more follow, without counting those before the page.
        let slice = try await store.listSlice(body: filter, after: after, limit: limit + 1)
        return CarListScreen(slice: slice, filter: filter, after: after, limit: limit)
    }

    /// Adds the car a draft describes, or says which fields need attention, or that the owner
    /// has as many cars as one may keep; nothing is stored then.
    public func add(_ draft: CarDraft, currentYear: Int) async throws -> Result<Car, CarValidationErrors> {
        switch draft.validate(currentYear: currentYear) {
        case .success(let car):
            do {
                return .success(try await store.add(car))
            } catch let reached as OwnerLimitReached {
                return .failure(CarValidationErrors([:], limitReached: reached.limit))
            }
        case .failure(let errors):
            return .failure(errors)
        }
    }

    /// The car with `id` as its edit sheet shows it; nil when this device has none with `id`.
    public func car(id: Int64) async throws -> Car? {
        try await store.car(id: id)
    }

    /// Changes the car with `id` to what `draft` describes, by the same rules (and so the same
    /// messages) as `add` (issue 50); nil when this device has no car with `id`; nothing is
    /// stored when the draft is refused.
    public func edit(id: Int64, _ draft: CarDraft, currentYear: Int) async throws -> Result<Car, CarValidationErrors>? {
        switch draft.validate(currentYear: currentYear) {
        case .success(let car):
            return try await store.update(id: id, with: car).map { .success($0) }
        case .failure(let errors):
            return .failure(errors)
        }
    }

    /// Deletes a car of this device; false when it has none with `id`.
    public func delete(id: Int64) async throws -> Bool {
        try await store.delete(id: id)
    }

    /// An unknown body in a link shows every car rather than an error: the filter is a view choice.
    public static func filter(_ raw: String?) -> Body? {
        raw.flatMap(Body.init(rawValue:))
    }
}
