import CompositionRoot
import Devices
import Foundation
import GRDB
import Persistence
import PostgresStorage
import PostgresTestSupport
import SecretSealing
import Storage
import Testing

/// The store backends every contract test runs on.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// `Storage`: GRDB on a real SQLite file in a temporary directory.
    case sqlite
    /// `PostgresStorage`: postgres-nio on a new database of the test server (`TestPostgres`).
    case postgres

    var testDescription: String { rawValue }

    /// A fresh backend opened once, for a test that needs one client only.
    @discardableResult
    func withStores<Result: Sendable>(_ body: (Stores) async throws -> Result) async throws -> Result {
        try await StoreFixture.with(self) { fixture in try await fixture.open(body) }
    }
}

/// A backend's stores, opened as a server opens them: every app of the deck's registry. Each
/// contract suite reaches its app's store through an extension of `StoreBackend` in its own file,
/// seeing it only through the core's protocol.
typealias Stores = StoreBackend

/// One test's data on one backend: a new SQLite file, or a new PostgreSQL database. `open` may be
/// called again (a restart: the data must still be there) and nested (two clients at once, as two
/// servers would be); raw SQL reaches the data as someone holding the database could.
struct StoreFixture: Sendable {
    let backend: Backend
    /// A temporary directory: the SQLite file and the secrets key live here.
    let directory: URL
    /// The test's own PostgreSQL database, for `.postgres`.
    let postgres: PostgresURL?

    var sqliteFile: URL { directory.appendingPathComponent("test.sqlite") }

    static func with<Result: Sendable>(_ backend: Backend, _ body: (StoreFixture) async throws -> Result) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        switch backend {
        case .sqlite:
            return try await body(StoreFixture(backend: backend, directory: directory, postgres: nil))
        case .postgres:
            return try await TestPostgres.withDatabase { url in
                try await body(StoreFixture(backend: backend, directory: directory, postgres: url))
            }
        }
    }

    /// Opens the backend as a starting server does (migrations included), runs `body` on its
    /// stores, then closes it.
    @discardableResult
    func open<Result: Sendable>(limits: OwnerLimits = .standard, _ body: (Stores) async throws -> Result) async throws -> Result {
        switch backend {
        case .sqlite:
            let database = try AppDatabase.open(at: sqliteFile, apps: StoreBackend.sqliteApps, limits: limits)
            do {
                let result = try await body(.sqlite(database))
                try database.close()
                return result
            } catch {
                try? database.close()
                throw error
            }
        case .postgres:
            return try await TestPostgres.withMigrated(try postgresURL(), limits: limits) { database in
                try await body(.postgres(database))
            }
        }
    }

    /// The key secrets are sealed with, made in the fixture's directory.
    func sealer() throws -> SecretSealer {
        try SecretSealer.loadOrCreate(in: directory)
    }

    /// Runs one statement outside the stores. Write it in the SQL both databases speak.
    func execute(_ sql: String) async throws {
        switch backend {
        case .sqlite:
            try await rawSQLite { db in try db.execute(sql: sql) }
        case .postgres:
            try await TestPostgres.execute(sql, on: postgresURL())
        }
    }

    /// The integer one statement selects, outside the stores.
    func integer(_ sql: String) async throws -> Int {
        switch backend {
        case .sqlite:
            return try await rawSQLite { db in try Int.fetchOne(db, sql: sql) ?? 0 }
        case .postgres:
            return try await TestPostgres.integer(sql, on: postgresURL())
        }
    }

    /// Every table with an owner column (`deviceID`), from the live catalogue.
    func tablesWithOwnerColumn() async throws -> [String] {
        switch backend {
        case .sqlite:
            return try await rawSQLite { db in
                try String.fetchAll(db, sql: """
                    SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
                    WHERE m.type = 'table' AND lower(c.name) = 'deviceid' ORDER BY m.name
                    """)
            }
        case .postgres:
            return try await TestPostgres.pairs("""
                SELECT table_name::text, column_name::text FROM information_schema.columns
                WHERE table_schema = 'public' AND column_name = 'deviceid' ORDER BY table_name
                """, on: postgresURL()).map(\.0)
        }
    }

    private func postgresURL() throws -> PostgresURL {
        guard let postgres else { throw TestPostgres.Unavailable.variableMissing }
        return postgres
    }

    private func rawSQLite<Value: Sendable>(_ work: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        let queue = try DatabaseQueue(path: sqliteFile.path, configuration: configuration)
        defer { try? queue.close() }
        return try await queue.write(work)
    }
}

extension DeviceID {
    static let alice = DeviceID("0123456789abcdef0123456789abcdef")!
    static let bob = DeviceID("fedcba9876543210fedcba9876543210")!
}
