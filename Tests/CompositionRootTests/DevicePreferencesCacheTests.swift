import DeckTestSupport
import Devices
import Storage
import Synchronization
import Testing
import WebShell

@Suite("DevicePreferencesCache")
struct DevicePreferencesCacheTests {
    let alice = DeviceID("0123456789abcdef0123456789abcdef")!
    let bob = DeviceID("fedcba9876543210fedcba9876543210")!
    static let start = ContinuousClock.now

    @Test("a device's preferences are read once, and its own writes are seen at once")
    func readThroughAndWrites() async throws {
        let deck = try TestDeck()
        let frozen = Self.start
        try await deck.run { [alice] _ in
            let devices = deck.database.devices
            let cache = DevicePreferencesCache(devices: devices, now: { frozen })  // no entry ages here
            #expect(try await cache.preferences(of: alice) == DevicePreferences())
            try await cache.chooseLanguage(.ru, for: alice)
            try await cache.setTimeZone("Asia/Tokyo", for: alice)
            #expect(try await cache.preferences(of: alice) == DevicePreferences(language: "ru", timeZone: "Asia/Tokyo"))

            // Written behind the cache's back: the remembered entry answers, no table read.
            try await devices.setTimeZone("Europe/Warsaw", for: alice)
            #expect(try await cache.preferences(of: alice).timeZone == "Asia/Tokyo")
            // The cache's own write drops the entry, so the next read sees the table.
            try await cache.chooseLanguage(nil, for: alice)
            #expect(try await cache.preferences(of: alice) == DevicePreferences(language: nil, timeZone: "Europe/Warsaw"))
        }
    }

    @Test("past its capacity the cache starts afresh and reads the table again")
    func capacity() async throws {
        let deck = try TestDeck()
        try await deck.run { [alice, bob] _ in
            let devices = deck.database.devices
            let cache = DevicePreferencesCache(devices: devices, capacity: 1)
            #expect(try await cache.preferences(of: alice).language == nil)
            try await devices.setLanguage("pl", for: alice)
            _ = try await cache.preferences(of: bob)
            #expect(try await cache.preferences(of: alice).language == "pl")
        }
    }

    @Test("a write through another server (straight to the table) shows once the entry is a second old")
    func anotherServersWrite() async throws {
        let deck = try TestDeck()
        let clock = Mutex(Self.start)
        try await deck.run { [alice] _ in
            let devices = deck.database.devices
            let cache = DevicePreferencesCache(devices: devices, maximumAge: .seconds(1), now: { clock.withLock { $0 } })
            #expect(try await cache.preferences(of: alice).language == nil)
            try await devices.setLanguage("pl", for: alice)  // server B's write: this cache never hears of it
            clock.withLock { $0 += .milliseconds(900) }
            #expect(try await cache.preferences(of: alice).language == nil)
            clock.withLock { $0 += .milliseconds(100) }
            #expect(try await cache.preferences(of: alice).language == "pl")
        }
    }
}
