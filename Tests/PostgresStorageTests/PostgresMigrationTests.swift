import Devices
import Logging
import PostgresNIO
import PostgresTestSupport
import Testing
@testable import PostgresStorage

@Suite("PostgreSQL migrations and connections")
struct PostgresMigrationTests {
    @Test("a new database gets every migration once; starting again applies nothing")
    func migratesOnce() async throws {
        try await TestPostgres.withDatabase { url in
            let database = PostgresAppDatabase(url: url, poolSize: 2, logger: TestPostgres.logger)
            try await TestPostgres.whileRunning(database) { () async throws in
                #expect(try await database.appliedMigrations() == [])
                #expect(try await database.migrate() == PostgresAppDatabase.migrations)
                #expect(try await database.appliedMigrations() == PostgresAppDatabase.migrations)
                #expect(try await database.migrate() == [])
            }
            // Shipped migrations never change or move; a new one goes after them.
            let shipped = ["v1-devices", "v2-cars", "v3-habits", "v4-photo-feed", "v5-device-secrets", "v6-stories-settings"]
            #expect(Array(PostgresAppDatabase.migrations.prefix(shipped.count)) == shipped)
        }
    }

    @Test("three servers starting together on an empty database all come up, and each migration runs once")
    func serversStartingTogether() async throws {
        try await TestPostgres.withDatabase { url in
            let servers = (0..<3).map { _ in PostgresAppDatabase(url: url, poolSize: 2, logger: TestPostgres.logger) }
            let applied = try await withThrowingTaskGroup(of: [String].self) { group in
                for server in servers {
                    group.addTask { try await TestPostgres.whileRunning(server) { try await server.migrate() } }
                }
                return try await group.reduce(into: [[String]]()) { $0.append($1) }
            }
            #expect(applied.flatMap { $0 }.sorted() == PostgresAppDatabase.migrations.sorted())
            #expect(applied.filter { $0.isEmpty }.count == 2)
            #expect(try await TestPostgres.integer("SELECT COUNT(*) FROM appliedMigration", on: url) == PostgresAppDatabase.migrations.count)
        }
    }

    @Test("every connection of the pool starts with the statement timeout it was given, and names itself")
    func statementTimeout() async throws {
        try await TestPostgres.withDatabase { url in
            let database = PostgresAppDatabase(url: url, poolSize: 2, statementTimeout: .milliseconds(2500), logger: TestPostgres.logger)
            try await TestPostgres.whileRunning(database) { () async throws in
                let timeout = try await database.pool.query("SHOW statement_timeout").value(String.self)
                #expect(timeout == "2500ms")
                let name = try await database.pool.query("SHOW application_name").value(String.self)
                #expect(name == "appdeck")
            }
        }
    }

    @Test("a change that fails rolls back everything its transaction did, and the connection serves again")
    func failedTransactionRollsBack() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url, poolSize: 1) { database in
                await #expect(throws: (any Error).self) {
                    try await database.pool.write { connection in
                        try await connection.query("INSERT INTO device (id, createdAt) VALUES ('abc', now())", logger: TestPostgres.logger)
                        try await connection.query("INSERT INTO photoFeed (deviceID, cursor) VALUES ('abc', -1)", logger: TestPostgres.logger)
                    }
                }
                #expect(try await database.devices.count() == 0)
                // The pool's only connection commits again: another connection sees its next write.
                try await database.devices.setLanguage("en", for: DeviceID("0123456789abcdef0123456789abcdef")!)
                #expect(try await TestPostgres.integer("SELECT COUNT(*) FROM device", on: url) == 1)
            }
        }
    }
}
