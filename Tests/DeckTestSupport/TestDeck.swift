import CarsWeb
import CompositionRoot
import Devices
import Foundation
import GitHub
import GitHubWeb
import HabitsWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Persistence
import PhotosWeb
import PostgresStorage
import PostgresTestSupport
import Storage
import StoriesWeb
import TestDoubles
import Testing
import Upstream
import WebShell

/// Which stores the apps run on in a router test: a backend the server ships with, its stores
/// wired by the deck's own registry.
public enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// The embedded SQLite file, in the test's data directory.
    case sqlite
    /// A new database on the test run's PostgreSQL server (`TestPostgres`).
    case postgres

    public var testDescription: String { rawValue }
}

/// An AppDeck router on a fresh data directory (real key file; a real SQLite file, and the apps on
/// its stores or on a new PostgreSQL database's), driven in-process by HummingbirdTesting.
public struct TestDeck: Sendable {
    public let dataDirectory: URL
    /// The SQLite file's database (the apps' stores unless `stores` is `.postgres`).
    public let database: AppDatabase
    public let stores: StoreKind
    let limits: OwnerLimits
    /// How many photos the Photos app's list holds, or why it cannot be had.
    public var photoCount = 5
    public var photoFailure: UpstreamFailure?
    /// GitHub as the GitHub app sees it.
    public let github = FakeGitHub.octo()
    /// The metrics the deck keeps (what the metrics listener, `MetricsRoutes`, prints); nil: none
    /// kept. The deck's own router never serves them.
    public var metrics: (@Sendable () -> [UInt8])?
    /// README images for GitHub's signed proxy; nil draws every README image as a placeholder.
    public var readmeImages: ReadmeImages?
    /// GitHub's device flow (issue 49), as when the server has `--github-client-id`; nil: none.
    public var githubDeviceFlow: FakeDeviceFlow?
    /// How fast one device and one address may write; `.off` for a test that seeds hundreds of
    /// rows through the form, faster than any person.
    public var writeRates: WriteRates = .standard
    /// The wall clock the deck reads (cookies' days, sessions, links).
    public var now: @Sendable () -> Date = Date.init

    /// - Parameter limits: what each owner may keep.
    public init(_ stores: StoreKind = .sqlite, limits: OwnerLimits = .standard) throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("webtests-\(UUID())")
        try DataDirectory.prepare(dataDirectory)
        database = try AppDatabase.open(at: dataDirectory.appendingPathComponent("appdeck.sqlite"), apps: StoreBackend.sqliteApps, limits: limits)
        self.stores = stores
        self.limits = limits
    }

    /// Runs `test` against the router, then removes the data directory.
    public func run(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await runWithRoutes { client, _ in try await test(client) }
    }

    /// Runs `test` against the router, handing it every route the router registered.
    public func runWithRoutes(
        _ test: @Sendable (any TestClientProtocol, [RegisteredRoute]) async throws -> Void
    ) async throws {
        defer {
            try? database.close()
            try? FileManager.default.removeItem(at: dataDirectory)
        }
        var logger = Logger(label: "webtests")
        logger.logLevel = .warning
        switch stores {
        case .sqlite:
            try await serve(on: .sqlite(database), logger: logger, test)
        case .postgres:
            try await serve(on: .postgres(RouteDatabases.shared.database(limits: limits)), logger: logger, test)
        }
    }

    private func serve(
        on backend: StoreBackend, logger: Logger, _ test: @Sendable (any TestClientProtocol, [RegisteredRoute]) async throws -> Void
    ) async throws {
        let router = try AppDeckServer.makeRouter(
            environment: try await environment(on: backend), logger: logger, metrics: metrics, writeRates: writeRates)
        let routes = router.routes.map { RegisteredRoute(path: $0.path, method: $0.method) }
        try await Application(router: router, logger: logger).test(.router) { try await test($0, routes) }
    }

    /// The deck's environment on this data directory, with stand-ins for the outside services.
    public func environment(on backend: StoreBackend? = nil) async throws -> DeckEnvironment {
        DeckEnvironment(
            stores: backend ?? .sqlite(database), keys: try DeckKeys.load(from: .embedded(in: dataDirectory)), dataDirectory: dataDirectory,
            clients: [
                "photos": await PhotosDoubles.parts(count: photoCount, failure: photoFailure),
                "github": GitHubParts(api: github, readmeImages: readmeImages, deviceFlow: githubDeviceFlow?.settings),
            ], now: now)
    }
}

/// A route as the router registered it.
public struct RegisteredRoute: Sendable {
    public let path: RouterPath
    public let method: HTTPRequest.Method
}

/// One browser: keeps the device cookie the server hands out, knows its CSRF token.
public struct Browser {
    public let client: any TestClientProtocol
    public var cookie: String?
    public var acceptLanguage: String?

    public init(_ client: any TestClientProtocol, acceptLanguage: String? = nil) {
        self.client = client
        self.acceptLanguage = acceptLanguage
    }

    @discardableResult
    public mutating func get(_ uri: String, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        try await send(uri, method: .get, headers: extra, body: nil)
    }

    /// Posts a url-encoded form; `csrf: true` adds this browser's token.
    @discardableResult
    public mutating func post(_ uri: String, form: [(String, String)], csrf: Bool = true) async throws -> TestResponse {
        var fields = form
        if csrf { fields.append(("_csrf", try await csrfToken())) }
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(uri, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: body))
    }

    /// The token from a form on a page, as a browser would submit it.
    public mutating func csrfToken() async throws -> String {
        let page = String(buffer: try await get("/").body)
        return try #require(Self.firstMatch(of: #"name="_csrf" value="([0-9a-f]{64})""#, in: page))
    }

    public mutating func send(_ uri: String, method: HTTPRequest.Method, headers extra: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        var headers = extra
        if let cookie { headers[.cookie] = cookie }
        if let acceptLanguage { headers[.acceptLanguage] = acceptLanguage }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
        if let setCookie = response.headers[.setCookie], let value = setCookie.split(separator: ";").first {
            cookie = String(value)
        }
        return response
    }

    public static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    public static func firstMatch(of pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    public static func allMatches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

extension TestResponse {
    public var text: String { String(buffer: body) }
}

/// The PostgreSQL databases the route suites share: one per owner limits, made and migrated the
/// first time a test asks, its pool running for the rest of the test process. Every route test
/// starts with new devices, so tests never see each other's rows; sharing spares each test a
/// database of its own and a pool's connections, which PostgreSQL would make (and authenticate)
/// while the timing tests of other suites run. The databases stay on the test run's throwaway server.
actor RouteDatabases {
    static let shared = RouteDatabases()
    private var databases: [OwnerLimits: Task<PostgresAppDatabase, any Error>] = [:]

    func database(limits: OwnerLimits) async throws -> PostgresAppDatabase {
        if let made = databases[limits] { return try await made.value }
        let making = Task<PostgresAppDatabase, any Error> {
            let database = PostgresAppDatabase(
                url: try await TestPostgres.makeDatabase(), apps: StoreBackend.postgresApps, poolSize: 4,
                statementTimeout: .seconds(60), limits: limits, logger: TestPostgres.logger)
            Task.detached { await database.run() }
            try await database.migrate()
            return database
        }
        databases[limits] = making
        return try await making.value
    }
}
