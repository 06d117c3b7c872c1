import CompositionRoot
import Devices
import Testing

@Suite("DevicePreferencesStore contract (SQLite and PostgreSQL)")
struct DevicePreferencesStoreContract {
    @Test("a device's language choice is remembered and can be cleared", arguments: Backend.allCases)
    func language(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            #expect(try await stores.devices.preferences(of: .alice) == nil)
            try await stores.devices.setLanguage("ru", for: .alice)
            #expect(try await stores.devices.preferences(of: .alice)?.language == "ru")
            #expect(try await stores.devices.preferences(of: .bob) == nil)
            try await stores.devices.setLanguage(nil, for: .alice)
            #expect(try await stores.devices.preferences(of: .alice) == DevicePreferences())
        }
    }

    @Test("language and time zone survive a restart, each change keeping the other", arguments: Backend.allCases)
    func restart(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                try await stores.devices.setTimeZone("Pacific/Kiritimati", for: .alice)
                try await stores.devices.setLanguage("pl", for: .alice)
            }
            try await fixture.open { (stores: Stores) async throws in
                #expect(try await stores.devices.preferences(of: .alice) == DevicePreferences(language: "pl", timeZone: "Pacific/Kiritimati"))
            }
        }
    }

    @Test("a device's row is made by its first write, not by a read, and only once", arguments: Backend.allCases)
    func rowOnFirstWrite(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            _ = try await stores.devices.preferences(of: .alice)
            #expect(try await stores.deviceCount() == 0)
            try await stores.devices.setLanguage("en", for: .alice)
            try await stores.devices.setTimeZone("Europe/Warsaw", for: .alice)
            #expect(try await stores.deviceCount() == 1)
            try await stores.devices.setTimeZone("Europe/Warsaw", for: .bob)
            #expect(try await stores.deviceCount() == 2)
        }
    }

    @Test("two clients making the same new device at once make one row and keep both changes", arguments: Backend.allCases)
    func concurrentFirstWrites(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    async let language: Void = first.devices.setLanguage("ru", for: .alice)
                    async let zone: Void = second.devices.setTimeZone("Asia/Tokyo", for: .alice)
                    _ = try await (language, zone)
                    #expect(try await first.deviceCount() == 1)
                    #expect(try await second.devices.preferences(of: .alice) == DevicePreferences(language: "ru", timeZone: "Asia/Tokyo"))
                }
            }
        }
    }
}

extension StoreBackend {
    /// How many devices have a row.
    func deviceCount() async throws -> Int {
        switch self {
        case .sqlite(let database): try await database.devices.count()
        case .postgres(let database): try await database.devices.count()
        }
    }
}
