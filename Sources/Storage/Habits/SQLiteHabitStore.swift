import Devices
import Foundation
import GRDB
import Habits
import Persistence

/// `HabitStore` on the `habit` and `habitTrack` tables, seeing only the habits of one owner.
public struct SQLiteHabitStore: HabitStore {
    let pool: DatabasePool
    public let owner: DeviceID
    /// How many habits the owner may keep (`OwnerLimits.habits`).
    let limit: Int

    private static let columns = """
        h.id, h.name, h.hour, h.minute, h.color, h.createdAt, h.archived, h.scheduleTimes, h.scheduleDays, h.scheduleWeekdays,
        h.measureUnit, h.measureTarget, h.measureAtMost
        """

    /// Only what the list's cells show, read by column index from the statement as rows come (no
    /// copy of each row): this runs for every list view.
    public func overviews(today: CalendarDay) async throws -> [HabitOverview] {
        try await overviews(today: today, archived: false)
    }

    public func archivedOverviews(today: CalendarDay) async throws -> [HabitOverview] {
        try await overviews(today: today, archived: true)
    }

    private func overviews(today: CalendarDay, archived: Bool) async throws -> [HabitOverview] {
        try await pool.read { [owner] db in
            let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT h.id, h.name, h.hour, h.minute, h.color, h.trackCount,
                       CASE WHEN h.lastTrackedDay IS NULL OR h.lastTrackedDay < ?1 THEN 0
                            WHEN h.lastTrackedDay = ?1 THEN 1
                            -- a later day was tracked (the device's zone moved west since): ask the tracks
                            ELSE EXISTS (SELECT 1 FROM habitTrack t WHERE t.habitID = h.id AND t.day = ?1) END AS trackedToday,
                       h.scheduleTimes, h.scheduleDays, h.scheduleWeekdays,
                       -- issue 38: the done days of today's period before today, for a schedule of
                       -- blocks longer than a day (`HabitSchedule.period`: blocks from 1970-01-05)
                       CASE WHEN h.scheduleDays > 1 THEN (
                            SELECT count(*) FROM habitTrack t WHERE t.habitID = h.id AND t.day < ?1
                               AND t.day >= date(?1, '-' || ((?4 - 4) % h.scheduleDays) || ' days')) ELSE 0 END AS earlier,
                       h.measureUnit, h.measureTarget, h.measureAtMost,
                       -- issue 48: a measurable habit's total of today's period up to today
                       -- (none on a weekday the schedule leaves out: that day is in no period)
                       CASE WHEN h.measureTarget IS NULL OR NOT (h.scheduleWeekdays = 0 OR (h.scheduleWeekdays >> ((?4 + 3) % 7)) & 1) THEN NULL
                            -- a period of one day (daily, chosen weekdays): today's value, with no date arithmetic
                            WHEN h.scheduleDays = 1 THEN (SELECT v.value FROM habitValue v WHERE v.habitID = h.id AND v.day = ?1)
                            ELSE (SELECT sum(v.value) FROM habitValue v WHERE v.habitID = h.id AND v.day <= ?1
                               AND v.day >= date(?1, '-' || ((?4 - 4) % h.scheduleDays) || ' days')) END AS periodTotal
                FROM habit h WHERE h.deviceID = ?2 AND h.archived = ?3 ORDER BY h.position
                """), arguments: [today.iso, owner.rawValue, archived, today.ordinal])
            var overviews: [HabitOverview] = []
            while let row = try rows.next() {
                guard let time = TimeOfDay(hour: row[2], minute: row[3]), let color = HabitColor(hex: row[4]),
                      let schedule = HabitSchedule(storedTimes: row[7], days: row[8], weekdays: row[9]),
                      let measure = Self.measure(row, from: 11) else { continue }
                overviews.append(HabitOverview(
                    id: row[0], fields: HabitFields(name: row[1], time: time, color: color, schedule: schedule, measure: measure),
                    trackCount: row[5], isTrackedToday: row[6], isDueToday: schedule.isDue(on: today, doneEarlierInPeriod: row[10]),
                    periodTotal: row[14]))
            }
            return overviews
        }
    }

    public func habits() async throws -> [Habit] {
        try await pool.read { [owner] db in try Self.habits(of: owner, in: db) }
    }

    static func habits(of owner: DeviceID, in db: Database) throws -> [Habit] {
        var days: [Int64: [CalendarDay]] = [:]
        let tracks = try Row.fetchCursor(db, sql: """
            SELECT h.id AS habitID, t.day FROM habit h JOIN habitTrack t ON t.habitID = h.id
            WHERE h.deviceID = ? ORDER BY h.id, t.day
            """, arguments: [owner.rawValue])
        while let row = try tracks.next() {
            if let day = CalendarDay(iso: row[1]) { days[row[0], default: []].append(day) }
        }
        let extras = try Self.dayExtras(of: owner, in: db)
        return try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM habit h WHERE h.deviceID = ? ORDER BY h.position", arguments: [owner.rawValue])
            .compactMap { Self.habit($0, days: days[$0["id"]] ?? [], extras: extras[$0["id"]] ?? .init()) }
    }

    public func habit(id: Int64) async throws -> Habit? {
        try await pool.read { [owner] db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM habit h WHERE h.id = ? AND h.deviceID = ?",
                                             arguments: [id, owner.rawValue]) else { return nil }
            let days = try String.fetchAll(db, sql: "SELECT day FROM habitTrack WHERE habitID = ? ORDER BY day", arguments: [id])
                .compactMap(CalendarDay.init(iso:))
            return Self.habit(row, days: days, extras: try Self.dayExtras(of: id, in: db))
        }
    }

    public func firstActivity() async throws -> FirstActivity {
        try await pool.read { [owner] db in
            let created = try Date.fetchOne(db, sql: "SELECT MIN(createdAt) FROM habit WHERE deviceID = ?", arguments: [owner.rawValue])
            // Each habit's first day is one primary-key lookup; a join would read every track.
            let tracked = try String.fetchOne(db, sql: """
                SELECT MIN((SELECT MIN(t.day) FROM habitTrack t WHERE t.habitID = h.id)) FROM habit h WHERE h.deviceID = ?
                """, arguments: [owner.rawValue])
            return FirstActivity(created: created, tracked: tracked.flatMap(CalendarDay.init(iso:)))
        }
    }

    /// Throws `OwnerLimitReached` when the owner has `limit` habits already (counted in the
    /// write transaction, which SQLite runs one at a time).
    public func create(_ fields: HabitFields, at date: Date) async throws -> Habit {
        try await pool.write { [owner, limit] db in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM habit WHERE deviceID = ?", arguments: [owner.rawValue]) ?? 0
            guard count < limit else { throw OwnerLimitReached(limit: limit) }
            try DeviceStore.ensure(owner, in: db)
            let id = try Self.insert(fields, owner: owner.rawValue, createdAt: date, in: db)
            return Habit(id: id, fields: fields, createdAt: date, trackedDays: [])
        }
    }

    /// Adds one habit row of `owner` (a device's id, or a staging owner's); returns its id.
    static func insert(_ fields: HabitFields, owner: String, createdAt: Date, archived: Bool = false, in db: Database) throws -> Int64 {
        let schedule = fields.schedule.stored
        try db.execute(
            sql: """
                INSERT INTO habit (deviceID, name, hour, minute, color, createdAt, archived, scheduleTimes, scheduleDays, scheduleWeekdays,
                                   measureUnit, measureTarget, measureAtMost)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [owner, fields.name, fields.time.hour, fields.time.minute, fields.color.hex, createdAt, archived,
                        schedule.times, schedule.days, schedule.weekdays, fields.measure?.unit, fields.measure?.target,
                        fields.measure?.kind == .atMost])
        return db.lastInsertedRowID
    }

    /// Written under a staging owner in short transactions, then handed to the owner in one
    /// (issue 46, item 3): SQLite's one writer is never held for the whole file, and the owner sees
    /// all of it or none. The limit and the names are checked again at the hand-over, against what
    /// the owner has then; a replayed confirmation is refused there too.
    public func add(_ imported: HabitImport, at date: Date, spending: SpentConfirmation?) async throws -> HabitImport {
        let names = try await pool.read { [owner] db in try Self.names(of: owner, in: db) }
        guard names.count + imported.habits.count <= limit else { throw OwnerLimitReached(limit: limit) }
        let staging = StagingOwner.make()
        try await pool.write { db in try staging.register(in: db) }
        do {
            let ids = try await SQLiteHabitStaging.stage(
                imported.avoidingNames(names).habits.map {
                    SQLiteHabitStaging.Habit(
                        fields: $0.fields, createdAt: date, isArchived: $0.isArchived, days: $0.trackedDays, skipped: $0.skippedDays, notes: $0.notes,
                        values: $0.values)
                }, under: staging, trackedAt: date, in: pool)
            let added = try await pool.write { [owner, limit] db in
                try spending?.spend(for: owner, at: date, in: db)
                let names = try Self.names(of: owner, in: db)
                guard names.count + imported.habits.count <= limit else { throw OwnerLimitReached(limit: limit) }
                let renamed = imported.avoidingNames(names)
                try SQLiteHabitStaging.handOver(ids, names: renamed.habits.map(\.fields.name), under: staging, to: owner, in: db)
                return renamed
            }
            try? await staging.discard(in: pool)
            return added
        } catch {
            try? await staging.discard(in: pool)
            throw error
        }
    }

    private static func names(of owner: DeviceID, in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM habit WHERE deviceID = ?", arguments: [owner.rawValue])
    }

    /// Adds `days` (each once) to habit `id`'s tracks, made at `date`: one prepared statement for
    /// every day, the habit and the time bound once, because formatting a date and boxing the
    /// arguments for each of a restore's 365,000 rows cost more than SQLite's inserts (issue 36).
    static func insertTracks(_ days: some Sequence<CalendarDay>, of id: Int64, at date: Date, in db: Database) throws {
        let track = try db.cachedStatement(sql: "INSERT INTO habitTrack (habitID, day, trackedAt) VALUES (?, ?, ?)")
        let habit = id.databaseValue, trackedAt = date.databaseValue
        for day in days {
            track.setUncheckedArguments(StatementArguments([habit, day.iso.databaseValue, trackedAt]))
            try track.execute()
        }
    }

    public func update(id: Int64, with fields: HabitFields) async throws -> Bool {
        try await pool.write { [owner] db in
            guard let row = try Row.fetchOne(db, sql: "SELECT measureUnit, measureTarget, measureAtMost FROM habit WHERE id = ? AND deviceID = ?",
                                             arguments: [id, owner.rawValue]) else { return false }
            // A yes/no habit takes no measure; a measurable one keeps its own unless given another
            // (one this build cannot read is kept as it is: never turned into yes/no).
            let isMeasurable = (row[1] as Double?) != nil
            let given = isMeasurable ? fields.measure : nil
            let schedule = fields.schedule.stored
            try db.execute(
                sql: """
                    UPDATE habit SET name = ?, hour = ?, minute = ?, color = ?, scheduleTimes = ?, scheduleDays = ?, scheduleWeekdays = ?,
                        measureUnit = coalesce(?, measureUnit), measureTarget = coalesce(?, measureTarget),
                        measureAtMost = coalesce(?, measureAtMost)
                    WHERE id = ?
                    """,
                arguments: [fields.name, fields.time.hour, fields.time.minute, fields.color.hex, schedule.times, schedule.days,
                            schedule.weekdays, given?.unit, given?.target, given.map { $0.kind == .atMost }, id])
            if isMeasurable, let measure = given ?? Self.measure(row, from: 0) ?? nil {
                try Self.rederiveTracks(of: id, measure: measure, schedule: fields.schedule, in: db)
            }
            return true
        }
    }

    public func delete(id: Int64) async throws -> Bool {
        try await pool.write { [owner] db in
            try db.execute(sql: "DELETE FROM habit WHERE id = ? AND deviceID = ?", arguments: [id, owner.rawValue])
            return db.changesCount > 0
        }
    }

    public func track(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange {
        try await pool.write { [owner] db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO habitTrack (habitID, day, trackedAt)
                SELECT id, ?, ? FROM habit WHERE id = ? AND deviceID = ?
                """, arguments: [day.iso, date, id, owner.rawValue])
            if db.changesCount > 0 { return .changed }
            return try Self.exists(id, owner: owner, in: db) ? .unchanged : .noSuchHabit
        }
    }

    public func untrack(id: Int64, on day: CalendarDay) async throws -> TrackChange {
        try await pool.write { [owner] db in
            try db.execute(sql: """
                DELETE FROM habitTrack WHERE day = ? AND habitID = (SELECT id FROM habit WHERE id = ? AND deviceID = ?)
                """, arguments: [day.iso, id, owner.rawValue])
            if db.changesCount > 0 { return .changed }
            return try Self.exists(id, owner: owner, in: db) ? .unchanged : .noSuchHabit
        }
    }

    public func setArchived(id: Int64, _ archived: Bool) async throws -> Bool {
        try await pool.write { [owner] db in
            try db.execute(sql: "UPDATE habit SET archived = ? WHERE id = ? AND deviceID = ?", arguments: [archived, id, owner.rawValue])
            return db.changesCount > 0
        }
    }

    /// Swaps positions with the neighbour in one write transaction (SQLite runs them one at a time).
    public func move(id: Int64, _ move: HabitMove) async throws -> Bool {
        try await pool.write { [owner] db in
            guard let position = try Int64.fetchOne(
                db, sql: "SELECT position FROM habit WHERE id = ? AND deviceID = ? AND NOT archived", arguments: [id, owner.rawValue])
            else { return false }
            let neighbour = move == .up
                ? "SELECT id, position FROM habit WHERE deviceID = ? AND NOT archived AND position < ? ORDER BY position DESC LIMIT 1"
                : "SELECT id, position FROM habit WHERE deviceID = ? AND NOT archived AND position > ? ORDER BY position LIMIT 1"
            guard let other = try Row.fetchOne(db, sql: neighbour, arguments: [owner.rawValue, position]) else { return true }
            let otherID: Int64 = other["id"]
            let otherPosition: Int64 = other["position"]
            try db.execute(sql: "UPDATE habit SET position = ? WHERE id = ?", arguments: [otherPosition, id])
            try db.execute(sql: "UPDATE habit SET position = ? WHERE id = ?", arguments: [position, otherID])
            return true
        }
    }

    static func exists(_ id: Int64, owner: DeviceID, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM habit WHERE id = ? AND deviceID = ?)", arguments: [id, owner.rawValue]) ?? false
    }

    /// A row whose colour, time or measure this build cannot read is skipped, not fatal.
    private static func fields(_ row: Row) -> HabitFields? {
        guard let time = TimeOfDay(hour: row["hour"], minute: row["minute"]),
              let color = HabitColor(hex: row["color"]),
              let schedule = HabitSchedule(storedTimes: row["scheduleTimes"], days: row["scheduleDays"], weekdays: row["scheduleWeekdays"]),
              let measure = measure(row, from: 10)
        else { return nil }
        return HabitFields(name: row["name"], time: time, color: color, schedule: schedule, measure: measure)
    }

    /// The measure in the row's three columns from `index` (unit, target, at most): `.some(nil)`
    /// for a yes/no habit, nil for a measure this build cannot read.
    static func measure(_ row: Row, from index: Int) -> HabitMeasure?? {
        guard let target: Double = row[index + 1] else { return .some(nil) }
        guard let unit: String = row[index] else { return nil }
        return HabitMeasure(unit: unit, target: target, kind: row[index + 2] ? .atMost : .atLeast).map { .some($0) } ?? nil
    }

    private static func habit(_ row: Row, days: [CalendarDay], extras: DayExtras = .init()) -> Habit? {
        fields(row).map {
            Habit(id: row["id"], fields: $0, createdAt: row["createdAt"], trackedDays: days, skippedDays: extras.skipped, notes: extras.notes,
                  isArchived: row["archived"], values: extras.values)
        }
    }
}
