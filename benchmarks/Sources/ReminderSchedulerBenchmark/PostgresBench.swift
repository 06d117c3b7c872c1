import Foundation
import Habits
import Logging
import PostgresNIO
import PostgresStorage

/// The shared backend: a new database on the given server, made by the app's migrations
/// (`PostgresAppDatabase.migrate`), seeded by `unnest` inserts through a client of our own, then
/// used as a server uses it (its pool, its session settings: generic plans).
final class PostgresBench: Backend {
    let name = "PostgreSQL"
    let database: PostgresAppDatabase
    let raw: PostgresClient
    let admin: PostgresClient
    let databaseName: String
    let logger: Logger
    private let adminTask: Task<Void, Never>
    private let poolTasks: Task<Void, Never>

    init(url text: String, seed: Seed, simulatedDayStart start: Date, logger: Logger) async throws {
        guard let components = URLComponents(string: text), let host = components.host, let user = components.user else {
            throw BenchmarkError("not a postgres:// URL: the server's address, user and password")
        }
        func configuration(_ database: String) -> PostgresClient.Configuration {
            PostgresClient.Configuration(
                host: host, port: components.port ?? 5432, username: user, password: components.password,
                database: database, tls: .disable)
        }
        self.logger = logger
        databaseName = "reminder_bench_\(UInt32.random(in: 0...UInt32.max))"
        let admin = PostgresClient(configuration: configuration(String(components.path.dropFirst())), backgroundLogger: logger)
        let raw = PostgresClient(configuration: configuration(databaseName), backgroundLogger: logger)
        var target = components
        target.path = "/" + databaseName
        let database = PostgresAppDatabase(
            url: try PostgresURL(target.string!), apps: [HabitsPostgresStorage.self], poolSize: 4, statementTimeout: .seconds(120),
            logger: logger)
        (self.admin, self.raw, self.database) = (admin, raw, database)
        adminTask = Task { await admin.run() }
        poolTasks = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await raw.run() }
                group.addTask { await database.run() }
            }
        }
        try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(databaseName)"), logger: logger)
        try await database.migrate()
        try await raw.withTransaction(logger: logger) { connection in
            try await Self.insert(seed, before: start, on: connection, logger: logger)
        }
        try await analyze()
    }

    var dispatch: any ReminderDispatchStore { database.reminderDispatch }

    static func insert(_ seed: Seed, before start: Date, on connection: PostgresConnection, logger: Logger) async throws {
        let created = start.addingTimeInterval(-30 * 86400)
        let devices = seed.devices
        try await connection.query("""
            INSERT INTO device (id, createdAt, language, timeZone)
            SELECT id, \(created), NULLIF(language, ''), NULLIF(zone, '')
            FROM unnest(\(devices.map(\.id)), \(devices.map { $0.language ?? "" }), \(devices.map { $0.zone ?? "" })) AS t(id, language, zone)
            """, logger: logger)
        var endpoints: [String] = [], owners: [String] = [], sessions: [String] = [], keys: [String] = []
        for (index, device) in devices.enumerated() {
            for (browser, (endpoint, session)) in seed.browsers(of: index).enumerated() {
                endpoints.append(endpoint)
                owners.append(device.id)
                sessions.append(session)
                keys.append(seed.publicKey(of: index, browser: browser))
            }
        }
        try await connection.query("""
            INSERT INTO session (id, deviceID, name, createdAt, lastSeenAt)
            SELECT id, deviceID, 'Browser', \(created), \(created) FROM unnest(\(sessions), \(owners)) AS t(id, deviceID)
            """, logger: logger)
        try await connection.query("""
            INSERT INTO pushSubscription (endpoint, deviceID, sessionID, p256dh, auth, createdAt)
            SELECT endpoint, deviceID, sessionID, p256dh, \(Seed.authSecret), \(created)
            FROM unnest(\(endpoints), \(owners), \(sessions), \(keys)) AS t(endpoint, deviceID, sessionID, p256dh)
            """, logger: logger)
        let habits = seed.habits
        try await connection.query("""
            INSERT INTO habit (id, deviceID, name, hour, minute, color, createdAt)
            SELECT id, deviceID, 'Habit ' || id, hour, minute, 'teal', \(created)
            FROM unnest(\(habits.map(\.id)), \(habits.map { devices[$0.device].id }), \(habits.map { Int64($0.hour) }),
                        \(habits.map { Int64($0.minute) })) AS t(id, deviceID, hour, minute)
            """, logger: logger)
        // Explicit ids: the identity's sequence must go on after them, as if the app had made the rows.
        try await connection.query("SELECT setval(pg_get_serial_sequence('habit', 'id'), (SELECT max(id) FROM habit))", logger: logger)
        // What `setReminder(isOn: true)` inserts: the scheduler works `dueAt` out.
        try await connection.query("INSERT INTO habitReminder (habitID) SELECT id FROM habit", logger: logger)
        let tracked = habits.filter(\.isTracked)
        try await connection.query("""
            INSERT INTO habitTrack (habitID, day, trackedAt)
            SELECT habitID, day, \(start) FROM unnest(\(tracked.map(\.id)), \(tracked.map(\.day.iso))) AS t(habitID, day)
            """, logger: logger)
    }

    func unscheduled() async throws -> Int {
        let rows = try await raw.query("SELECT COUNT(*) FROM habitReminder WHERE dueAt IS NULL", logger: logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }

    func analyze() async throws {
        try await raw.query("ANALYZE", logger: logger)
    }

    /// Each statement's generic plan, as the stores' sessions run them (`plan_cache_mode`).
    func plans(at now: Date, limit: Int) async throws -> [(String, [String])] {
        try await raw.withConnection { connection in
            try await connection.query("SET plan_cache_mode = force_generic_plan", logger: logger)
            var plans: [(String, [String])] = []
            for (index, (label, sql, arguments)) in DueQueries.postgres(at: now, limit: limit).enumerated() {
                try await connection.query(PostgresQuery(unsafeSQL: "PREPARE due\(index) AS \(sql)"), logger: logger)
                var lines: [String] = []
                for try await line in try await connection.query(
                    PostgresQuery(unsafeSQL: "EXPLAIN EXECUTE due\(index)\(arguments)"), logger: logger
                ).decode(String.self) { lines.append(line) }
                try await connection.query(PostgresQuery(unsafeSQL: "DEALLOCATE due\(index)"), logger: logger)
                plans.append((label, lines))
            }
            return plans
        }
    }

    func close() async throws {
        poolTasks.cancel()
        _ = await poolTasks.value
        try await admin.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(databaseName) WITH (FORCE)"), logger: logger)
        adminTask.cancel()
        _ = await adminTask.value
    }
}
