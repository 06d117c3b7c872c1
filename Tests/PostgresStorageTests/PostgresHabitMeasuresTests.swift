import CompositionRoot
import Devices
import Foundation
import Habits
import PostgresTestSupport
import Testing
@testable import PostgresStorage

/// Issue 48's measurable habits, where PostgreSQL has something of its own: `habits.7-measures`
/// on a database a release before made, its statement triggers and checks, and servers writing
/// one habit's values at once. What both backends do alike is the store contract's.
@Suite("PostgreSQL measurable habits")
struct PostgresHabitMeasuresTests {
    static let owner = DeviceID("0123456789abcdef0123456789abcdef")!
    static let monday = CalendarDay(iso: "2026-03-02")!

    @Test("habits.7 upgrades a database at habits.6: its habits and their days are kept, and stay yes/no", .timeLimit(.minutes(2)))
    func upgrade() async throws {
        try await TestPostgres.withDatabase { url in
            let before = PostgresAppDatabase(
                url: url, apps: Self.appsBeforeMeasures, poolSize: 2, statementTimeout: .seconds(60), logger: TestPostgres.logger)
            try await TestPostgres.whileRunning(before) { () async throws in
                #expect(try await before.migrate().contains("habits.6-skips-notes"))
            }
            let owner = Self.owner.rawValue
            try await TestPostgres.execute([
                "INSERT INTO device (id, createdAt) VALUES ('\(owner)', now())",
                """
                INSERT INTO habit (id, deviceID, name, hour, minute, color, createdAt, scheduleTimes, scheduleDays)
                VALUES (41, '\(owner)', 'Read', 7, 30, '#ff9f0a', '2026-01-01 00:00:00+00', 2, 7)
                """,
                "INSERT INTO habitTrack (habitID, day, trackedAt) VALUES (41, '2026-03-02', now()), (41, '2026-03-04', now())",
                "INSERT INTO habitSkip (habitID, day) VALUES (41, '2026-03-03')",
                "INSERT INTO habitNote (habitID, day, note) VALUES (41, '2026-03-04', 'Rain')",
            ], on: url)

            try await TestPostgres.withMigrated(url) { (database) async throws in
                #expect(try await database.appliedMigrations() == database.migrations)
                let store = database.habitStore(owner: Self.owner)
                let fields = HabitFields(
                    name: "Read", time: TimeOfDay(hour: 7, minute: 30)!, color: HabitColor(hex: "#ff9f0a")!, schedule: .times(2, in: 7)!)
                let kept = Habit(
                    id: 41, fields: fields, createdAt: Date(timeIntervalSince1970: 1_767_225_600),
                    trackedDays: [Self.monday, Self.monday.adding(days: 2)], skippedDays: [Self.monday.adding(days: 1)],
                    notes: [Self.monday.adding(days: 2): "Rain"])
                #expect(try await store.habit(id: 41) == kept)
                #expect(try await store.overviews(today: Self.monday.adding(days: 2)) == [
                    HabitOverview(id: 41, fields: fields, trackCount: 2, isTrackedToday: true, isDueToday: true),
                ])
                // A yes/no habit stays one: a measure sent with its fields is not taken, a value not kept.
                var measured = fields
                measured.measure = HabitMeasure(unit: "pages", target: 10, kind: .atLeast)
                #expect(try await store.update(id: 41, with: measured))
                #expect(try await store.setValue(id: 41, on: Self.monday, 12, at: Date()) == .unchanged)
                #expect(try await store.habit(id: 41) == kept)
                #expect(try await TestPostgres.integer("SELECT count(*) FROM habitValue", on: url) == 0)
            }
        }
    }

    @Test("the triggers take a valued day out of the skipped ones and the other way round, however many rows a statement writes")
    func triggers() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { _ in }
            let owner = Self.owner.rawValue
            let days = (0..<7).map { Self.monday.adding(days: $0).iso }
            // The days at `indices` as an SQL array.
            func array(_ indices: Int...) -> String { "ARRAY[" + indices.map { "'\(days[$0])'" }.joined(separator: ", ") + "]" }
            try await TestPostgres.execute([
                "INSERT INTO device (id, createdAt) VALUES ('\(owner)', now())",
                """
                INSERT INTO habit (id, deviceID, name, hour, minute, color, createdAt, measureUnit, measureTarget)
                VALUES (1, '\(owner)', 'Run', 7, 0, '#ff9f0a', now(), 'km', 5)
                """,
                "INSERT INTO habitSkip (habitID, day) SELECT 1, unnest(\(array(0, 1, 2, 3)))",
                "INSERT INTO habitValue (habitID, day, value) SELECT 1, unnest(\(array(0, 1, 4))), 6",
            ], on: url)
            #expect(try await Self.days(of: "habitSkip", on: url) == [days[2], days[3]])
            #expect(try await Self.days(of: "habitValue", on: url) == [days[0], days[1], days[4]])

            // An upsert that changes a value inserts no row: the insert trigger has nothing to do.
            try await TestPostgres.execute([
                "INSERT INTO habitTrack (habitID, day, trackedAt) SELECT 1, unnest(\(array(0, 1, 4))), now()",
                """
                INSERT INTO habitValue (habitID, day, value) VALUES (1, '\(days[0])', 7)
                ON CONFLICT (habitID, day) DO UPDATE SET value = excluded.value
                """,
                "INSERT INTO habitSkip (habitID, day) SELECT 1, unnest(\(array(1, 4, 5)))",
            ], on: url)
            #expect(try await Self.days(of: "habitValue", on: url) == [days[0]])
            #expect(try await Self.days(of: "habitTrack", on: url) == [days[0]])
            #expect(try await Self.days(of: "habitSkip", on: url) == [days[1], days[2], days[3], days[4], days[5]])
            #expect(try await TestPostgres.integer("SELECT value::bigint FROM habitValue", on: url) == 7)
            #expect(try await Self.countersHold(on: url))
        }
    }

    @Test("the checks refuse a measure or a value no habit has")
    func checks() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { _ in }
            let owner = Self.owner.rawValue
            try await TestPostgres.execute([
                "INSERT INTO device (id, createdAt) VALUES ('\(owner)', now())",
                "INSERT INTO habit (id, deviceID, name, hour, minute, color, createdAt) VALUES (1, '\(owner)', 'Run', 7, 0, '#ff9f0a', now())",
            ], on: url)
            let refused = [
                "UPDATE habit SET measureUnit = 'km', measureTarget = NULL",
                "UPDATE habit SET measureUnit = NULL, measureTarget = 5",
                "UPDATE habit SET measureUnit = 'km', measureTarget = -1",
                "UPDATE habit SET measureUnit = 'km', measureTarget = 1e9 + 1",
                "UPDATE habit SET measureUnit = 'km', measureTarget = 'NaN'",
                "UPDATE habit SET measureUnit = repeat('é', 81), measureTarget = 1",
                "INSERT INTO habitValue (habitID, day, value) VALUES (1, '2026-03-02', -1)",
                "INSERT INTO habitValue (habitID, day, value) VALUES (1, '2026-03-02', 1e9 + 1)",
                "INSERT INTO habitValue (habitID, day, value) VALUES (1, '2026-03-02', 'Infinity')",
                "INSERT INTO habitValue (habitID, day, value) VALUES (1, '2026-03-02', 'NaN')",
            ]
            for statement in refused {
                await #expect(throws: (any Error).self, "\(statement)") { try await TestPostgres.execute(statement, on: url) }
            }
            try await TestPostgres.execute([
                "UPDATE habit SET measureUnit = repeat('é', 80), measureTarget = 1e9, measureAtMost = true",
                "UPDATE habit SET measureUnit = '', measureTarget = 0",
                "INSERT INTO habitValue (habitID, day, value) VALUES (1, '2026-03-02', 0), (1, '2026-03-03', 1e9)",
            ], on: url)
        }
    }

    @Test("two servers valuing one habit's days at once leave its tracks its done days, its count and latest day true", .timeLimit(.minutes(2)))
    func concurrentValues() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                try await TestPostgres.withMigrated(url) { other in
                    let store = database.habitStore(owner: Self.owner)
                    let fields = HabitFields(
                        name: "Run", time: TimeOfDay(hour: 7, minute: 0)!, color: .defaultColor, schedule: .times(1, in: 7)!,
                        measure: HabitMeasure(unit: "km", target: 10, kind: .atLeast))
                    let id = try await store.create(fields, at: Date()).id
                    _ = try await store.skip(id: id, on: Self.monday.adding(days: 3), at: Date())
                    let days = (0..<21).map { Self.monday.adding(days: $0) }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for (server, value) in [(database, 1.0), (other, 2.0)] {
                            group.addTask {
                                let store = server.habitStore(owner: Self.owner)
                                for day in value == 1 ? days : days.reversed() {
                                    _ = try await store.setValue(id: id, on: day, value, at: Date())
                                }
                                for day in days where day.ordinal % 5 == Int(value) {
                                    _ = try await store.setValue(id: id, on: day, nil, at: Date())
                                }
                            }
                        }
                        try await group.waitForAll()
                    }
                    let habit = try #require(try await store.habit(id: id))
                    #expect(!habit.values.isEmpty && habit.skippedDays.isEmpty)
                    #expect(habit.trackedDays == fields.measure?.doneDays(habit.values, schedule: fields.schedule))
                    #expect(try await Self.countersHold(on: url))

                    // An edit derives every done day again, under the new target and schedule.
                    var edited = fields
                    edited.schedule = .on(WeekdaySet(isoWeekdays: [1, 3]))!
                    edited.measure = HabitMeasure(unit: "km", target: 2, kind: .atMost)
                    #expect(try await store.update(id: id, with: edited))
                    let rederived = try #require(try await store.habit(id: id))
                    #expect(rederived.trackedDays == edited.measure?.doneDays(habit.values, schedule: edited.schedule))
                    #expect(!rederived.trackedDays.isEmpty)
                    #expect(try await Self.countersHold(on: url))
                }
            }
        }
    }

    @Test("the list's statement totals today's period as Habit.overview does, on every day of five weeks")
    func periodTotals() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                let store = database.habitStore(owner: Self.owner)
                let schedules: [HabitSchedule] = [.daily, .times(3, in: 7)!, .times(2, in: 10)!, .on(WeekdaySet(isoWeekdays: [2, 6]))!]
                for (index, schedule) in schedules.enumerated() {
                    let fields = HabitFields(
                        name: "Habit \(index)", time: TimeOfDay(hour: 7, minute: 0)!, color: .defaultColor, schedule: schedule,
                        measure: HabitMeasure(unit: "km", target: 4, kind: .atLeast))
                    let id = try await store.create(fields, at: Date()).id
                    for offset in stride(from: index, to: 35, by: 2) {
                        _ = try await store.setValue(id: id, on: Self.monday.adding(days: offset), Double(offset % 4) + 0.5, at: Date())
                    }
                }
                _ = try await store.create(HabitFields(name: "Yes/no", time: TimeOfDay(hour: 7, minute: 0)!, color: .defaultColor), at: Date())
                let habits = try await store.habits()
                for offset in 0..<35 {
                    let today = Self.monday.adding(days: offset)
                    #expect(try await store.overviews(today: today) == habits.map { $0.overview(today: today) }, "\(today.iso)")
                }
            }
        }
    }

    /// The apps as a server of the release before issue 48's measures had them.
    static var appsBeforeMeasures: [any PostgresAppStorage.Type] {
        StoreBackend.postgresApps.map { $0 == HabitsPostgresStorage.self ? HabitsBeforeMeasures.self : $0 }
    }

    static func days(of table: String, on url: PostgresURL) async throws -> [String] {
        try await TestPostgres.pairs("SELECT day, '' FROM \(table) ORDER BY day", on: url).map(\.0)
    }

    /// Whether every habit's `trackCount` and `lastTrackedDay` (kept by habits.3's triggers) say
    /// what its tracks do.
    static func countersHold(on url: PostgresURL) async throws -> Bool {
        try await TestPostgres.integer("""
            SELECT count(*) FROM habit h WHERE h.trackCount <> (SELECT count(*) FROM habitTrack t WHERE t.habitID = h.id)
                OR h.lastTrackedDay IS DISTINCT FROM (SELECT max(t.day) FROM habitTrack t WHERE t.habitID = h.id)
            """, on: url) == 0
    }
}

/// MyHabits at `habits.6-skips-notes`, as a server of the release before measures migrated it.
enum HabitsBeforeMeasures: PostgresAppStorage {
    static let migrations = Array(HabitsPostgresStorage.habitMigrations.prefix { $0.id != "habits.7-measures" })
        + HabitsPostgresStorage.reminderMigrations

    static func backup(of owner: DeviceID, in transaction: PostgresTransaction) async throws -> HabitsBackup {
        try await HabitsPostgresStorage.backup(of: owner, in: transaction)
    }

    static func restore(_ backup: HabitsBackup, for owner: DeviceID, in transaction: PostgresTransaction) async throws {
        try await HabitsPostgresStorage.restore(backup, for: owner, in: transaction)
    }
}
