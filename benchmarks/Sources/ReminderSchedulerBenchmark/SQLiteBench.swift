import Foundation
import GRDB
import Habits
import Storage

/// The embedded backend: a SQLite file made by the app's migrations (`AppDatabase.open`), seeded
/// by plain inserts through a second connection, then opened again as a server opens it.
final class SQLiteBench: Backend {
    let name = "SQLite"
    let directory: URL
    let database: AppDatabase
    let raw: DatabaseQueue

    init(seed: Seed, simulatedDayStart start: Date) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reminder-bench-\(UUID())")
        let file = directory.appendingPathComponent("appdeck.sqlite")
        try AppDatabase.open(at: file, apps: [HabitsSQLiteStorage.self]).close()
        raw = try DatabaseQueue(path: file.path)
        try raw.write { db in try Self.insert(seed, before: start, into: db) }
        database = try AppDatabase.open(at: file, apps: [HabitsSQLiteStorage.self])
    }

    var dispatch: any ReminderDispatchStore { database.reminderDispatch }

    static func insert(_ seed: Seed, before start: Date, into db: Database) throws {
        let created = start.addingTimeInterval(-30 * 86400)
        let device = try db.makeStatement(sql: "INSERT INTO device (id, createdAt, language, timeZone) VALUES (?, ?, ?, ?)")
        let session = try db.makeStatement(sql: "INSERT INTO session (id, deviceID, name, createdAt, lastSeenAt) VALUES (?, ?, 'Browser', ?, ?)")
        let subscription = try db.makeStatement(sql: """
            INSERT INTO pushSubscription (endpoint, deviceID, sessionID, p256dh, auth, createdAt) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for (index, entry) in seed.devices.enumerated() {
            try device.execute(arguments: [entry.id, created, entry.language, entry.zone])
            for (browser, (endpoint, sessionID)) in seed.browsers(of: index).enumerated() {
                try session.execute(arguments: [sessionID, entry.id, created, created])
                try subscription.execute(arguments: [
                    endpoint, entry.id, sessionID, seed.publicKey(of: index, browser: browser), Seed.authSecret, created,
                ])
            }
        }
        let habit = try db.makeStatement(sql: """
            INSERT INTO habit (id, deviceID, name, hour, minute, color, createdAt) VALUES (?, ?, ?, ?, ?, 'teal', ?)
            """)
        // What `setReminder(isOn: true)` inserts: the scheduler works `dueAt` out.
        let reminder = try db.makeStatement(sql: "INSERT INTO habitReminder (habitID, dueAt) VALUES (?, NULL)")
        let track = try db.makeStatement(sql: "INSERT INTO habitTrack (habitID, day, trackedAt) VALUES (?, ?, ?)")
        for entry in seed.habits {
            try habit.execute(arguments: [entry.id, seed.devices[entry.device].id, "Habit \(entry.id)", entry.hour, entry.minute, created])
            try reminder.execute(arguments: [entry.id])
            if entry.isTracked { try track.execute(arguments: [entry.id, entry.day.iso, start]) }
        }
    }

    func unscheduled() async throws -> Int {
        try await raw.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM habitReminder WHERE dueAt IS NULL") ?? 0 }
    }

    /// Nothing: the app never runs ANALYZE on its file, so its plans are made without statistics,
    /// and so are these. (Statistics taken while every `dueAt` was NULL made the server's
    /// connection plan `dueAt IS NULL` as a scan of `device` and `habit` on every claim.)
    func analyze() async throws {}

    func plans(at now: Date, limit: Int) async throws -> [(String, [String])] {
        try await raw.read { db in
            try DueQueries.sqlite(at: now, limit: limit).map { label, sql, arguments in
                let rows = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                return (label, rows.map { $0["detail"] as String })
            }
        }
    }

    func close() async throws {
        try database.close()
        try raw.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
