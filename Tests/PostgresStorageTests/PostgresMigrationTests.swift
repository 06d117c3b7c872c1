import CompositionRoot
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
            let database = PostgresAppDatabase(url: url, apps: StoreBackend.postgresApps, poolSize: 2, statementTimeout: .seconds(60), logger: TestPostgres.logger)
            try await TestPostgres.whileRunning(database) { () async throws in
                #expect(try await database.appliedMigrations() == [])
                #expect(try await database.migrate() == database.migrations)
                #expect(try await database.appliedMigrations() == database.migrations)
                #expect(try await database.migrate() == [])
            }
            // Shipped migrations never change or move; an app's new one goes after its others.
            let shipped: [(any PostgresAppStorage.Type, [String])] = [
                (DevicesPostgresStorage.self, ["devices.1-device"]),
                (CarsPostgresStorage.self, ["cars.1-car", "cars.2-body-index", "cars.3-body-counts"]),
                (HabitsPostgresStorage.self, ["habits.1-habit", "habits.2-last-tracked-day"]),
                (PhotosPostgresStorage.self, ["photos.1-feed", "photos.2-list"]),
                (StoriesPostgresStorage.self, ["stories.1-settings"]),
                (GitHubPostgresStorage.self, ["github.1-token"]),
            ]
            for (storage, ids) in shipped { #expect(Array(storage.migrations.map(\.id).prefix(ids.count)) == ids) }
            #expect(SessionsPostgresStorage.migrations.map(\.id) == [
                "sessions.1-session", "sessions.2-link-grant", "sessions.3-link-code-lookup", "sessions.4-spent-upload", "sessions.5-removed-by",
                "sessions.6-given-name",
            ])
        }
    }

    @Test("three servers starting together on an empty database all come up, and each migration runs once")
    func serversStartingTogether() async throws {
        try await TestPostgres.withDatabase { url in
            let servers = (0..<3).map { _ in PostgresAppDatabase(url: url, apps: StoreBackend.postgresApps, poolSize: 2, statementTimeout: .seconds(60), logger: TestPostgres.logger) }
            let applied = try await withThrowingTaskGroup(of: [String].self) { group in
                for server in servers {
                    group.addTask { try await TestPostgres.whileRunning(server) { try await server.migrate() } }
                }
                return try await group.reduce(into: [[String]]()) { $0.append($1) }
            }
            #expect(applied.flatMap { $0 }.sorted() == servers[0].migrations.sorted())
            #expect(applied.filter { $0.isEmpty }.count == 2)
            #expect(try await TestPostgres.integer("SELECT COUNT(*) FROM appliedMigration", on: url) == servers[0].migrations.count)
        }
    }

    @Test("every connection of the pool starts with the statement timeout it was given, and names itself")
    func statementTimeout() async throws {
        try await TestPostgres.withDatabase { url in
            // 30.5 s: a value of its own to find on the connection, and, as the statement timeout is
            // also the pool's wait for a connection, longer than a loaded machine takes to connect
            // (issue 46, item 0: at 2.5 s, a run beside a release build had no connection in time).
            let database = PostgresAppDatabase(url: url, apps: StoreBackend.postgresApps, poolSize: 2, statementTimeout: .milliseconds(30500), logger: TestPostgres.logger)
            try await TestPostgres.whileRunning(database) { () async throws in
                let timeout = try await database.pool.query("SHOW statement_timeout").value(String.self)
                #expect(timeout == "30500ms")
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
