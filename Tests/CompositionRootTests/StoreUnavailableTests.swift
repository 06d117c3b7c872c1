import Cars
import CarsWeb
import DeckTestSupport
import Devices
import Foundation
import GitHub
import GitHubWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Persistence
import Storage
import TestDoubles
import Testing
import WebShell

/// A database that is away for a moment (issue 26: PostgreSQL restarting) is a 503 with
/// `Retry-After` in the page's language, never a 500; pages that need no data still show.
@Suite("Store unavailable")
struct StoreUnavailableTests {
    /// A car store, and device preferences, whose database does not answer.
    struct Unreachable: CarStore, DevicePreferencesStore, SessionStore {
        var error: StoreUnavailable { StoreUnavailable(reason: "connection refused") }
        func session(_ id: SessionID) async throws -> BrowserSession? { throw error }
        func open(_ session: BrowserSession) async throws -> BrowserSession { throw error }
        func sessions(of owner: DeviceID) async throws -> [BrowserSession] { throw error }
        func markSeen(_ id: SessionID, at date: Date) async throws { throw error }
        func remove(_ id: SessionID, of owner: DeviceID, by remover: SessionID, at date: Date) async throws -> Bool { throw error }
        func removals(of owner: DeviceID, since: Date) async throws -> [BrowserRemoval] { throw error }
        func rename(_ id: SessionID, of owner: DeviceID, to name: String?) async throws -> Bool { throw error }
        func storeLink(_ grant: LinkGrant) async throws -> Bool { throw error }
        func linkOwner(_ claim: LinkClaim, at date: Date) async throws -> LinkAnswer<DeviceID> { throw error }
        func redeemLink(
            _ claim: LinkClaim, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
        ) async throws -> LinkAnswer<BrowserSession> {
            throw error
        }
        func add(_ car: NewCar) async throws -> Car { throw error }
        func cars(body: Body?) async throws -> [Car] { throw error }
        func listSlice(body: Body?, after: Int64?, limit: Int) async throws -> CarListSlice { throw error }
        func delete(id: Int64) async throws -> Bool { throw error }
        func car(id: Int64) async throws -> Car? { throw error }
        func update(id: Int64, with car: NewCar) async throws -> Car? { throw error }
        func preferences(of device: DeviceID) async throws -> DevicePreferences? { throw error }
        func setLanguage(_ language: String?, for device: DeviceID) async throws { throw error }
        func setTimeZone(_ identifier: String, for device: DeviceID) async throws { throw error }
    }

    @Test("a page whose store is away is a 503 with Retry-After and a way to try again; a page without data still shows")
    func serviceUnavailable() async throws {
        let deck = try TestDeck()
        var logger = Logger(label: "store-unavailable")
        logger.logLevel = .critical
        let router = try DeckRouter.build(
            apps: [CarsApp(store: { _ in Unreachable() })], preferences: Unreachable(), sessions: Unreachable(), key: try ServerKey.load(from: .embedded(in: deck.dataDirectory)), logger: logger)
        try await Application(router: router, logger: logger).test(.router) { client in
            var browser = Browser(client, acceptLanguage: "pl")
            let cars = try await browser.get("/cars")
            #expect(cars.status == .serviceUnavailable)
            #expect(cars.headers[.retryAfter] == "5")
            let page = String(buffer: cars.body)
            #expect(page.contains("Chwileczkę"))
            #expect(page.contains(#"href="/cars""#), "no way to try the page again")
            // The browser's cookie now names a device whose preferences cannot be read: the
            // shell still answers what needs no data.
            let health = try await browser.get("/healthz")
            #expect(health.status == .ok)
        }
        try? deck.database.close()
        try? FileManager.default.removeItem(at: deck.dataDirectory)
    }

    /// GitHub's token storage on a database that does not answer.
    struct UnreachableSecrets: KeyValueStorage {
        func string(forKey key: String) async throws -> String? { throw StoreUnavailable(reason: "connection refused") }
        func set(_ value: String, forKey key: String) async throws { throw StoreUnavailable(reason: "connection refused") }
        func remove(forKey key: String) async throws { throw StoreUnavailable(reason: "connection refused") }
    }

    @Test("GitHub's pages while the database is away are a 503 with Retry-After, not GitHub's 502 (issue 33, found 12)",
          arguments: ["/github", "/github/repositories/1", "/github/sign-in"])
    func gitHubWithoutDatabase(path: String) async throws {
        let deck = try TestDeck()
        defer {
            try? deck.database.close()
            try? FileManager.default.removeItem(at: deck.dataDirectory)
        }
        var logger = Logger(label: "store-unavailable")
        logger.logLevel = .critical
        let router = try DeckRouter.build(
            apps: [GitHubApp(api: FakeGitHub.octo(), storage: { _ in UnreachableSecrets() })], preferences: Unreachable(), sessions: Unreachable(),
            key: try ServerKey.load(from: .embedded(in: deck.dataDirectory)), logger: logger)
        try await Application(router: router, logger: logger).test(.router) { client in
            var browser = Browser(client, acceptLanguage: "en")
            let page = try await browser.get(path)
            #expect(page.status == .serviceUnavailable)
            #expect(page.headers[.retryAfter] == "5")
        }
    }
}
