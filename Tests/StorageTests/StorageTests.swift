import Devices
import Cars
import Foundation
import Storage
import Testing

/// A fresh SQLite file in its own temporary directory, removed afterwards.
struct TemporaryDatabase {
    let directory: URL
    var file: URL { directory.appendingPathComponent("test.sqlite") }

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("storage-\(UUID())")
    }

    func open() throws -> AppDatabase { try AppDatabase.open(at: file) }
    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Runs `body` on a database in a fresh file, then closes it and removes the file.
    static func withFresh(_ body: (AppDatabase) async throws -> Void) async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        do {
            try await body(database)
        } catch {
            try? database.close()
            throw error
        }
        try database.close()
    }
}

@Suite("Storage")
struct StorageTests {
    let alice = DeviceID("0123456789abcdef0123456789abcdef")!
    let bob = DeviceID("fedcba9876543210fedcba9876543210")!

    @Test("opening migrates a new file in WAL mode, and reopening applies nothing twice")
    func migrations() throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        // Shipped migrations never change or move; an app's new one goes after them.
        let shipped = ["v1-devices", "v2-cars", "v3-habits", "v4-car-body-index", "v5-photo-feed", "v6-car-body-counts", "v7-habit-last-tracked-day", "v8-device-secrets", "v9-stories-settings"]
        #expect(Array(AppDatabase.migrations.prefix(shipped.count)) == shipped)
        #expect(try database.appliedMigrations() == AppDatabase.migrations)
        #expect(try database.journalMode() == "wal")
        try database.close()
        let reopened = try temporary.open()
        #expect(try reopened.appliedMigrations() == AppDatabase.migrations)
        try reopened.close()
    }

    @Test("a device sees only its own cars, and cannot delete another's")
    func deviceScoping() async throws {
        try await TemporaryDatabase.withFresh { database in
            let aliceCars = database.carStore(owner: alice)
            let bobCars = database.carStore(owner: bob)
            let golf = try await aliceCars.add(NewCar(manufacturer: "VW", model: "Golf", body: .hatchback, yearOfIssue: 2015, carNumber: "A123BC"))
            _ = try await bobCars.add(NewCar(manufacturer: "Lada", model: "Niva", body: .suv))

            #expect(try await aliceCars.cars(body: nil).map(\.model) == ["Golf"])
            #expect(try await bobCars.cars(body: nil).map(\.model) == ["Niva"])
            #expect(try await bobCars.delete(id: golf.id) == false)
            #expect(try await aliceCars.cars(body: nil) == [golf])
            #expect(try await aliceCars.delete(id: golf.id) == true)
            #expect(try await aliceCars.cars(body: nil).isEmpty)
            #expect(try await database.devices.count() == 2)
        }
    }

    @Test("cars keep every field and their order, filter by body, and survive a reopen")
    func carsPersist() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        var database = try temporary.open()
        let store = database.carStore(owner: .console)
        _ = try await store.add(NewCar(manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2019))
        _ = try await store.add(NewCar(manufacturer: "Ford", model: "F-150", body: .pickup, carNumber: "Х 777 ХХ"))
        _ = try await store.add(NewCar(manufacturer: "BMW", model: "M3", body: .sedan))
        try database.close()

        database = try temporary.open()
        let reopened = database.carStore(owner: .console)
        let all = try await reopened.cars(body: nil)
        #expect(all.map(\.model) == ["Camry", "F-150", "M3"])
        #expect(all[0].yearOfIssue == 2019 && all[0].carNumber == nil)
        #expect(all[1].carNumber == "Х 777 ХХ" && all[1].yearOfIssue == nil)
        #expect(try await reopened.cars(body: .sedan).map(\.model) == ["Camry", "M3"])
        #expect(try await reopened.cars(body: .wagon).isEmpty)
        try database.close()
    }

    @Test("a list slice reads the first rows of a body and counts every body, for one owner only")
    func carListSlice() async throws {
        try await TemporaryDatabase.withFresh { database in
            let store = database.carStore(owner: alice)
            let bodies: [Body] = [.sedan, .suv, .sedan, .wagon, .sedan]
            for (index, body) in bodies.enumerated() {
                _ = try await store.add(NewCar(manufacturer: "Maker", model: "Model \(index)", body: body))
            }
            _ = try await database.carStore(owner: bob).add(NewCar(manufacturer: "Lada", model: "Niva", body: .suv))
            let sedans = try await store.listSlice(body: .sedan, limit: 2)
            #expect(sedans.cars.map(\.model) == ["Model 0", "Model 2"])
            #expect(sedans.countsByBody == [.sedan: 3, .suv: 1, .wagon: 1])
            let all = try await store.listSlice(body: nil, limit: 50)
            #expect(all.cars.map(\.model) == ["Model 0", "Model 1", "Model 2", "Model 3", "Model 4"])
            #expect(try await database.carStore(owner: .console).listSlice(body: nil, limit: 50) == CarListSlice(cars: [], countsByBody: [:]))
        }
    }

    @Test("the counts per body follow every add and delete, per owner, and a body with no car left disappears")
    func carBodyCountsFollowTheRows() async throws {
        try await TemporaryDatabase.withFresh { database in
            let store = database.carStore(owner: alice)
            var added: [Car] = []
            for body: Body in [.sedan, .suv, .sedan, .wagon, .sedan, .suv] {
                added.append(try await store.add(NewCar(manufacturer: "Maker", model: "Model", body: body)))
            }
            _ = try await database.carStore(owner: bob).add(NewCar(manufacturer: "Lada", model: "Niva", body: .pickup))
            #expect(try await store.listSlice(body: nil, limit: 50).countsByBody == [.sedan: 3, .suv: 2, .wagon: 1])
            #expect(try await store.delete(id: added[3].id))  // the only wagon
            #expect(try await store.delete(id: added[0].id))
            #expect(try await database.carStore(owner: bob).delete(id: added[1].id) == false)
            let slice = try await store.listSlice(body: .suv, limit: 50)
            #expect(slice.countsByBody == [.sedan: 2, .suv: 2])
            #expect(slice.cars.map(\.id) == [added[1].id, added[5].id])
            #expect(try await database.carStore(owner: bob).listSlice(body: nil, limit: 50).countsByBody == [.pickup: 1])
            for car in try await store.cars(body: nil) { _ = try await store.delete(id: car.id) }
            #expect(try await store.listSlice(body: nil, limit: 50) == CarListSlice(cars: [], countsByBody: [:]))
        }
    }

    @Test("a device's language choice is remembered and can be cleared")
    func devicePreferences() async throws {
        try await TemporaryDatabase.withFresh { database in
            #expect(try await database.devices.preferences(of: alice) == nil)
            try await database.devices.setLanguage("ru", for: alice)
            #expect(try await database.devices.preferences(of: alice)?.language == "ru")
            #expect(try await database.devices.preferences(of: bob) == nil)
            try await database.devices.setLanguage(nil, for: alice)
            #expect(try await database.devices.preferences(of: alice) == DevicePreferences())
        }
    }

    @Test("device ids: only 32 lowercase hex digits are accepted; random ones are distinct")
    func deviceIDs() {
        #expect(DeviceID("0123456789abcdef0123456789abcdef") != nil)
        #expect(DeviceID("0123456789ABCDEF0123456789abcdef") == nil)
        #expect(DeviceID("0123") == nil)
        #expect(DeviceID("' OR 1=1 --'0123456789abcdef0123") == nil)
        let ids = (0..<100).map { _ in DeviceID.random() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { DeviceID($0.rawValue) == $0 })
    }
}
