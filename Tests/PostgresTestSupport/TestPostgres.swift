import CompositionRoot
import Devices
import Foundation
import Logging
import Persistence
import PostgresNIO
import PostgresStorage

/// The PostgreSQL server the tests use. `scripts/test.sh` starts a throwaway cluster for the whole
/// run and exports its URL as `APPDECK_TEST_DATABASE_URL`; each test makes a database of its own
/// there (so tests run in parallel) and drops it afterwards (the cluster runs with autovacuum off:
/// a worker the tests' role may not end would stop the drop). Without the variable, a test that
/// needs PostgreSQL fails, saying how to get one: it is never skipped.
public enum TestPostgres {
    public static let variable = "APPDECK_TEST_DATABASE_URL"

    /// Why a test that needs PostgreSQL cannot run.
    public enum Unavailable: Error, CustomStringConvertible {
        case variableMissing
        case variableInvalid(PostgresURL.Invalid)

        public var description: String {
            switch self {
            case .variableMissing:
                return """
                    \(TestPostgres.variable) is not set, and this test needs PostgreSQL. Run the tests with \
                    scripts/test.sh, which starts a throwaway PostgreSQL 15 cluster and sets it (or start one the \
                    same way and export its postgres://user:password@127.0.0.1:port/database URL).
                    """
            case .variableInvalid(let reason):
                return "\(TestPostgres.variable) is not a usable database URL: \(reason)"
            }
        }
    }

    /// A failure from the driver, with the details its `description` hides (the statement, the
    /// server's message); never the password, which the driver does not put in its errors.
    public struct DriverFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public static let logger: Logger = {
        var logger = Logger(label: "appdeck.tests.postgres")
        logger.logLevel = .error
        return logger
    }()

    /// The server's URL, from the environment.
    public static func serverURL() throws -> PostgresURL {
        guard let text = ProcessInfo.processInfo.environment[variable], !text.isEmpty else { throw Unavailable.variableMissing }
        do {
            return try PostgresURL(text)
        } catch {
            throw Unavailable.variableInvalid(error)
        }
    }

    /// At most this many tests hold a database at once, so parallel tests stay well under the
    /// server's `max_connections` (each holds an admin connection and a pool or two).
    private static let slots = Slots(6)

    /// Runs `body` with the URL of a new, empty database, dropped afterwards.
    public static func withDatabase<Result: Sendable>(_ body: (PostgresURL) async throws -> Result) async throws -> Result {
        let server = try serverURL()
        await slots.acquire()
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        do {
            try await execute("CREATE DATABASE \(name)", on: server)
            let result: Result
            do {
                result = try await body(server.database(name))
            } catch {
                try? await execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: server)
                throw error
            }
            try await execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: server)
            await slots.release()
            return result
        } catch {
            await slots.release()
            throw readable(error)
        }
    }

    /// Runs `body` while `database`'s connection pool runs, then stops the pool.
    public static func whileRunning<Result: Sendable>(
        _ database: PostgresAppDatabase, _ body: () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask { await database.run() }
            do {
                let result = try await body()
                group.cancelAll()
                return result
            } catch {
                group.cancelAll()
                throw readable(error)
            }
        }
    }

    /// A database on `url`, its pool running and its schema migrated, for `body`. Its statement
    /// timeout (and so its wait for a connection) is a minute, not a server's 5 s: in the whole
    /// suite, run in parallel on 2 cores by a debug build, making a connection has taken longer
    /// than 5 s, and what these tests check is not timing (PostgresOutageTests set their own).
    public static func withMigrated<Result: Sendable>(
        _ url: PostgresURL, poolSize: Int = 4, limits: OwnerLimits = .standard, _ body: (PostgresAppDatabase) async throws -> Result
    ) async throws -> Result {
        let database = PostgresAppDatabase(
            url: url, apps: StoreBackend.postgresApps, poolSize: poolSize, statementTimeout: .seconds(60), limits: limits, logger: logger)
        return try await whileRunning(database) {
            try await database.migrate()
            return try await body(database)
        }
    }

    /// Runs one statement on its own connection, as an administrator (or someone holding the
    /// database) could, outside any store.
    public static func execute(_ sql: String, on url: PostgresURL) async throws {
        try await withConnection(to: url) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).drain()
        }
    }

    /// Runs `statements` in order on one connection of their own (a dump being loaded).
    public static func execute(_ statements: [String], on url: PostgresURL) async throws {
        try await withConnection(to: url) { connection in
            for sql in statements { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).drain() }
        }
    }

    /// The single integer `sql` selects, on its own connection.
    public static func integer(_ sql: String, on url: PostgresURL) async throws -> Int {
        try await withConnection(to: url) { connection in
            var value = 0
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
                value = try row.decode(Int.self)
            }
            return value
        }
    }

    /// Every row of `sql`'s first two text columns, on its own connection.
    public static func pairs(_ sql: String, on url: PostgresURL) async throws -> [(String, String)] {
        try await withConnection(to: url) { connection in
            var pairs: [(String, String)] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) {
                pairs.append(try row.decode((String, String).self))
            }
            return pairs
        }
    }

    private static func withConnection<Result: Sendable>(
        to url: PostgresURL, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await PostgresConnection.connect(configuration: url.connectionConfiguration(), id: 1, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw readable(error)
        }
    }

    /// The driver's errors describe themselves as "Generic description…"; a failing test should
    /// say what the server said.
    public static func readable(_ error: any Error) -> any Error {
        switch error {
        case is PSQLError, is PostgresDecodingError: DriverFailure(description: String(reflecting: error))
        default: error
        }
    }
}

extension PostgresRowSequence {
    func drain() async throws {
        for try await _ in self {}
    }
}

/// A counting semaphore for tasks.
actor Slots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
