import Devices
import Foundation
import HTTPTypes
import Testing
@testable import WebShell

/// What a cookie resolved to, remembered for one lookup a page (issue 47): never longer than the
/// session and preference caches keep what it was made from, counted from the oldest of those
/// reads, and dropped at once by a write on this server.
@Suite("IdentityCache")
struct IdentityCacheTests {
    static let start = ContinuousClock.now
    static let identity = IdentityCache.Identity(
        reading: .init(session: .random(), owner: .random(), issuedDay: 20_000, isLegacy: false),
        session: session, owner: owner, preferences: DevicePreferences(language: "pl", timeZone: "Europe/Warsaw"),
        csrf: .init(session: session, owner: owner, token: "token"))
    static let session = SessionID.random()
    static let owner = DeviceID.random()

    @Test("kept for a second from the oldest read it was made of, then asked afresh")
    func age() {
        let cache = IdentityCache()
        cache.remember(Self.identity, of: "cookie", readAt: Self.start, generation: 7)
        #expect(cache.identity(of: "cookie", at: Self.start + .milliseconds(999), generation: 7)?.owner == Self.identity.owner)
        #expect(cache.identity(of: "cookie", at: Self.start + .seconds(1), generation: 7) == nil,
                "a browser removed through another server would be let in past the second")
        #expect(cache.identity(of: "another cookie", at: Self.start, generation: 7) == nil)
    }

    @Test("a session or preference written here makes every remembered identity stale")
    func generation() {
        let cache = IdentityCache()
        cache.remember(Self.identity, of: "cookie", readAt: Self.start, generation: 7)
        #expect(cache.identity(of: "cookie", at: Self.start, generation: 8) == nil)
    }

    @Test("the caches' generations move with each forget, which the middleware adds up")
    func generationsMove() async throws {
        let preferences = DevicePreferencesCache(devices: MemoryPreferences())
        let before = preferences.generation
        try await preferences.chooseLanguage(.pl, for: .random())
        #expect(preferences.generation == before + 1)
    }

    @Test("the session cookie is found among others without parsing them all, the first one winning")
    func presentedValue() {
        let headers: HTTPFields = [.cookie: "a=1; appdeck_device=first.value", .cookie: "appdeck_device=second"]
        #expect(SessionCookie.presentedValue(in: headers) == "first.value")
        #expect(SessionCookie.presentedValue(in: [.cookie: "xappdeck_device=1;\tappdeck_device=v"]) == "v")
        #expect(SessionCookie.presentedValue(in: [.cookie: "other=1"]) == nil)
        #expect(SessionCookie.presentedValue(in: [:]) == nil)
    }
}

/// Preferences in memory, for the cache above.
private actor MemoryPreferences: DevicePreferencesStore {
    var stored: [DeviceID: DevicePreferences] = [:]
    func preferences(of device: DeviceID) async throws -> DevicePreferences? { stored[device] }
    func setLanguage(_ language: String?, for device: DeviceID) async throws { stored[device, default: .init()].language = language }
    func setTimeZone(_ identifier: String, for device: DeviceID) async throws { stored[device, default: .init()].timeZone = identifier }
}
