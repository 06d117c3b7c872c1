import Cars
import Devices
import Foundation
import Habits
import Persistence
import Synchronization

/// Every device's cars, habits and preferences in memory: the doubles router tests run the apps
/// on besides SQLite, so a route's behaviour is shown not to hang on one store, and the stores the
/// Cars and Habits services' suites run on.
public final class InMemoryStores: Sendable {
    struct State {
        var nextID: Int64 = 1
        var cars: [DeviceID: [Car]] = [:]
        var habits: [DeviceID: [Habit]] = [:]
        /// The previews whose import was applied (issue 46, item 9).
        var spentConfirmations: Set<String> = []
        var preferences: [DeviceID: DevicePreferences] = [:]

        mutating func newID() -> Int64 {
            defer { nextID += 1 }
            return nextID
        }
    }

    let state = Mutex(State())
    /// How many times a device's whole habit list was read (`overviews` or `habits`), every device's.
    public let habitListReads = Counter()

    public init() {}

    public func cars(_ owner: DeviceID) -> InMemoryCarStore { InMemoryCarStore(stores: self, owner: owner) }
    public func habits(_ owner: DeviceID) -> InMemoryHabitStore { InMemoryHabitStore(stores: self, owner: owner) }
    public var devices: InMemoryDevices { InMemoryDevices(stores: self) }
}

public struct InMemoryCarStore: CarStore {
    let stores: InMemoryStores
    let owner: DeviceID

    public func add(_ car: NewCar) async throws -> Car {
        stores.state.withLock { state in
            let stored = Car(id: state.newID(), manufacturer: car.manufacturer, model: car.model, body: car.body,
                             yearOfIssue: car.yearOfIssue, carNumber: car.carNumber)
            state.cars[owner, default: []].append(stored)
            return stored
        }
    }

    public func cars(body: Body?) async throws -> [Car] {
        let all = stores.state.withLock { $0.cars[owner] ?? [] }
        return body.map { body in all.filter { $0.body == body } } ?? all
    }

    public func listSlice(body: Body?, after: Int64?, limit: Int) async throws -> CarListSlice {
        let all = stores.state.withLock { $0.cars[owner] ?? [] }
        let matching = all.filter { car in body.map { car.body == $0 } ?? true && car.id > after ?? 0 }
        return CarListSlice(cars: Array(matching.prefix(limit)), countsByBody: all.reduce(into: [:]) { $0[$1.body, default: 0] += 1 })
    }

    public func delete(id: Int64) async throws -> Bool {
        stores.state.withLock { state in
            guard let index = state.cars[owner]?.firstIndex(where: { $0.id == id }) else { return false }
            state.cars[owner]?.remove(at: index)
            return true
        }
    }

    public func car(id: Int64) async throws -> Car? {
        stores.state.withLock { $0.cars[owner]?.first { $0.id == id } }
    }

    public func update(id: Int64, with car: NewCar) async throws -> Car? {
        stores.state.withLock { state in
            guard let index = state.cars[owner]?.firstIndex(where: { $0.id == id }) else { return nil }
            let updated = Car(id: id, car)
            state.cars[owner]?[index] = updated
            return updated
        }
    }
}

public struct InMemoryHabitStore: HabitStore {
    let stores: InMemoryStores
    let owner: DeviceID

    private func all() -> [Habit] { stores.state.withLock { $0.habits[owner] ?? [] } }

    public func overviews(today: CalendarDay) async throws -> [HabitOverview] {
        stores.habitListReads.increment()
        return all().filter { !$0.isArchived }.map { $0.overview(today: today) }
    }

    public func archivedOverviews(today: CalendarDay) async throws -> [HabitOverview] {
        all().filter(\.isArchived).map { $0.overview(today: today) }
    }

    public func setArchived(id: Int64, _ archived: Bool) async throws -> Bool {
        change(id) { habit in
            var changed = habit
            changed.isArchived = archived
            return changed
        } != nil
    }

    /// The array's order is the owner's order: a move swaps the habit with its nearest neighbour
    /// that is not archived.
    public func move(id: Int64, _ move: HabitMove) async throws -> Bool {
        stores.state.withLock { state in
            guard var habits = state.habits[owner], let index = habits.firstIndex(where: { $0.id == id && !$0.isArchived }) else { return false }
            let neighbours = move == .up ? Array(habits.indices[..<index].reversed()) : Array(habits.indices[(index + 1)...])
            guard let other = neighbours.first(where: { !habits[$0].isArchived }) else { return true }
            habits.swapAt(index, other)
            state.habits[owner] = habits
            return true
        }
    }

    public func habits() async throws -> [Habit] {
        stores.habitListReads.increment()
        return all()
    }

    public func habit(id: Int64) async throws -> Habit? { all().first { $0.id == id } }

    public func firstActivity() async throws -> FirstActivity {
        let habits = all()
        return FirstActivity(created: habits.map(\.createdAt).min(), tracked: habits.compactMap(\.trackedDays.first).min())
    }

    public func create(_ fields: HabitFields, at date: Date) async throws -> Habit {
        stores.state.withLock { state in
            let habit = Habit(id: state.newID(), fields: fields, createdAt: date, trackedDays: [])
            state.habits[owner, default: []].append(habit)
            return habit
        }
    }

    public func add(_ imported: HabitImport, at date: Date, spending: SpentConfirmation?) async throws -> HabitImport {
        try stores.state.withLock { state in
            if let spending {
                guard state.spentConfirmations.insert(spending.digest).inserted else { throw AlreadyConfirmed() }
            }
            let renamed = imported.avoidingNames((state.habits[owner] ?? []).map(\.name))
            for habit in renamed.habits {
                state.habits[owner, default: []].append(
                    Habit(id: state.newID(), fields: habit.fields, createdAt: date, trackedDays: habit.trackedDays, skippedDays: habit.skippedDays,
                          notes: habit.notes, isArchived: habit.isArchived, values: habit.values))
            }
            return renamed
        }
    }

    public func update(id: Int64, with fields: HabitFields) async throws -> Bool {
        change(id) { $0.with(fields) } != nil
    }

    public func delete(id: Int64) async throws -> Bool {
        stores.state.withLock { state in
            guard let index = state.habits[owner]?.firstIndex(where: { $0.id == id }) else { return false }
            state.habits[owner]?.remove(at: index)
            return true
        }
    }

    public func track(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange {
        dayChange(id) { $0.set(.done, on: day) }
    }

    public func untrack(id: Int64, on day: CalendarDay) async throws -> TrackChange {
        dayChange(id) { $0.state(on: day) == .done && $0.set(.none, on: day) }
    }

    public func skip(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange {
        dayChange(id) { $0.set(.skipped, on: day) }
    }

    public func unskip(id: Int64, on day: CalendarDay) async throws -> TrackChange {
        dayChange(id) { $0.state(on: day) == .skipped && $0.set(.none, on: day) }
    }

    public func setNote(id: Int64, on day: CalendarDay, _ note: String?) async throws -> TrackChange {
        dayChange(id) { $0.setNote(note, on: day) }
    }

    public func setValue(id: Int64, on day: CalendarDay, _ value: Double?, at date: Date) async throws -> TrackChange {
        dayChange(id) { $0.setValue(value, on: day) }
    }

    /// As `HabitStore` asks: a change that finds the day so already changes nothing.
    private func dayChange(_ id: Int64, _ apply: (inout Habit) -> Bool) -> TrackChange {
        var changed = false
        let found = change(id) { habit in
            var habit = habit
            changed = apply(&habit)
            return habit
        }
        guard found != nil else { return .noSuchHabit }
        return changed ? .changed : .unchanged
    }

    /// Replaces the habit with `transform`'s result; nil when this device has no such habit.
    private func change(_ id: Int64, _ transform: (Habit) -> Habit) -> Habit? {
        stores.state.withLock { state in
            guard let index = state.habits[owner]?.firstIndex(where: { $0.id == id }), let habit = state.habits[owner]?[index] else { return nil }
            let changed = transform(habit)
            state.habits[owner]?[index] = changed
            return changed
        }
    }
}

extension InMemoryCarStore {
    /// One device's cars on stores of their own, for a suite that needs no other device.
    public init() {
        self.init(stores: InMemoryStores(), owner: .console)
    }
}

extension InMemoryHabitStore {
    /// One device's habits on stores of their own, for a suite that needs no other device.
    public init() {
        self.init(stores: InMemoryStores(), owner: .console)
    }
}

public struct InMemoryDevices: DevicePreferencesStore {
    let stores: InMemoryStores

    public func preferences(of device: DeviceID) async throws -> DevicePreferences? {
        stores.state.withLock { $0.preferences[device] }
    }

    public func setLanguage(_ language: String?, for device: DeviceID) async throws {
        stores.state.withLock { $0.preferences[device, default: DevicePreferences()].language = language }
    }

    public func setTimeZone(_ identifier: String, for device: DeviceID) async throws {
        stores.state.withLock { $0.preferences[device, default: DevicePreferences()].timeZone = identifier }
    }
}
