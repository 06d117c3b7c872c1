import Devices
import Foundation
import Habits
import Persistence
import PostgresNIO

/// `HabitStore` on the `habit` and `habitTrack` tables, seeing only the habits of one owner. A
/// read that joins a habit to its tracks is one statement (its days as an array), so it is one
/// snapshot and one round trip.
public struct PostgresHabitStore: HabitStore {
    let pool: PostgresPool
    public let owner: DeviceID
    /// How many habits the owner may keep (`OwnerLimits.habits`).
    let limit: Int

    public func overviews(today: CalendarDay) async throws -> [HabitOverview] {
        try await pool.execute(HabitOverviewsStatement(today: today, owner: owner.rawValue)).compactMap { $0 }
    }

    public func archivedOverviews(today: CalendarDay) async throws -> [HabitOverview] {
        try await pool.execute(HabitOverviewsStatement(today: today, owner: owner.rawValue, archived: true)).compactMap { $0 }
    }

    public func habits() async throws -> [Habit] {
        try await Self.habits(pool.query(Self.habitsQuery(of: owner)))
    }

    /// Every habit of `owner` with its days, in one statement.
    static func habitsQuery(of owner: DeviceID) -> PostgresQuery {
        "SELECT \(unescaped: habitColumns) FROM habit h WHERE h.deviceID = \(owner.rawValue) ORDER BY h.position"
    }

    public func habit(id: Int64) async throws -> Habit? {
        try await Self.habits(pool.query("""
            SELECT \(unescaped: Self.habitColumns) FROM habit h WHERE h.id = \(id) AND h.deviceID = \(owner.rawValue)
            """)).first
    }

    /// What `habits(_:)` reads of each habit `h`.
    static let habitColumns = """
        h.id, h.name, h.hour, h.minute, h.color, h.createdAt,
        array(SELECT t.day FROM habitTrack t WHERE t.habitID = h.id ORDER BY t.day), h.archived,
        h.scheduleTimes, h.scheduleDays, h.scheduleWeekdays, \(skipsAndNotesColumns), \(measureColumns)
        """

    /// Both answers from one statement, hence one snapshot. Each habit's first day is one
    /// primary-key lookup; a join would read every track.
    public func firstActivity() async throws -> FirstActivity {
        let row = try await pool.query("""
            SELECT (SELECT min(createdAt) FROM habit WHERE deviceID = \(owner.rawValue)),
                   (SELECT min((SELECT min(t.day) FROM habitTrack t WHERE t.habitID = h.id)) FROM habit h
                    WHERE h.deviceID = \(owner.rawValue))
            """).rows((Date?, String?).self).first
        return FirstActivity(created: row?.0, tracked: row?.1.flatMap(CalendarDay.init(iso:)))
    }

    /// Throws `OwnerLimitReached` when the owner has `limit` habits already; counted after
    /// locking the owner's device row, as `PostgresCarStore.add` does.
    public func create(_ fields: HabitFields, at date: Date) async throws -> Habit {
        let id = try await pool.write { [owner, limit, pool] connection in
            try await PostgresDeviceStore.lockForWriting(owner, on: connection, of: pool)
            let schedule = fields.schedule.stored
            return try await pool.run("""
                INSERT INTO habit (deviceID, name, hour, minute, color, createdAt, scheduleTimes, scheduleDays, scheduleWeekdays,
                                   measureUnit, measureTarget, measureAtMost)
                SELECT \(owner.rawValue), \(fields.name), \(fields.time.hour), \(fields.time.minute), \(fields.color.hex), \(date),
                       \(schedule.times), \(schedule.days), \(schedule.weekdays),
                       \(fields.measure?.unit)::text, \(fields.measure?.target)::float8, \(fields.measure?.kind == .atMost)
                WHERE (SELECT count(*) FROM habit WHERE deviceID = \(owner.rawValue)) < \(limit)
                RETURNING id
                """, on: connection).value(Int64.self)
        }
        guard let id else { throw OwnerLimitReached(limit: limit) }
        return Habit(id: id, fields: fields, createdAt: date, trackedDays: [])
    }

    /// Adds one habit row of `owner`, returning its id.
    static func insertQuery(_ fields: HabitFields, owner: DeviceID, createdAt: Date, archived: Bool) -> PostgresQuery {
        let schedule = fields.schedule.stored
        return """
            INSERT INTO habit (deviceID, name, hour, minute, color, createdAt, archived, scheduleTimes, scheduleDays, scheduleWeekdays,
                               measureUnit, measureTarget, measureAtMost)
            VALUES (\(owner.rawValue), \(fields.name), \(fields.time.hour), \(fields.time.minute), \(fields.color.hex), \(createdAt),
                    \(archived), \(schedule.times), \(schedule.days), \(schedule.weekdays),
                    \(fields.measure?.unit)::text, \(fields.measure?.target)::float8, \(fields.measure?.kind == .atMost))
            RETURNING id
            """
    }

    /// Counted and written under the owner's device row lock, as `create` is.
    public func add(_ imported: HabitImport, at date: Date, spending: SpentConfirmation?) async throws -> HabitImport {
        try await pool.write { [owner, limit, pool] connection in
            try await PostgresDeviceStore.lockForWriting(owner, on: connection, of: pool)
            try await spending?.spend(for: owner, at: date, on: connection, of: pool)
            let names = try await pool.run("SELECT name FROM habit WHERE deviceID = \(owner.rawValue)", on: connection).values(String.self)
            guard names.count + imported.habits.count <= limit else { throw OwnerLimitReached(limit: limit) }
            let renamed = imported.avoidingNames(names)
            for habit in renamed.habits {
                let id = try await pool.run(
                    Self.insertQuery(habit.fields, owner: owner, createdAt: date, archived: habit.isArchived), on: connection
                ).value(Int64.self)
                guard let id else { throw PostgresStoreFailure.noRowReturned }
                for insert in Self.skipsAndNotesInserts(skipped: habit.skippedDays, notes: habit.notes, of: id) {
                    _ = try await pool.run(insert, on: connection).values(Int64.self)
                }
                if let insert = Self.valuesInsert(habit.values, of: id) { try await pool.run(insert, on: connection).drain() }
                guard !habit.trackedDays.isEmpty else { continue }
                _ = try await pool.run("""
                    INSERT INTO habitTrack (habitID, day, trackedAt) SELECT \(id), day, \(date) FROM unnest(\(habit.trackedDays.map(\.iso))::text[]) AS day
                    """, on: connection).values(Int64.self)
            }
            return renamed
        }
    }

    /// The update locks the habit's row, as every change of its days does first; a measurable
    /// habit's tracks are derived again in the same transaction.
    public func update(id: Int64, with fields: HabitFields) async throws -> Bool {
        try await pool.write { [owner, pool] connection in
            let schedule = fields.schedule.stored
            let measure = fields.measure
            let updated = try await pool.run("""
                UPDATE habit SET name = \(fields.name), hour = \(fields.time.hour), minute = \(fields.time.minute), color = \(fields.color.hex),
                    scheduleTimes = \(schedule.times), scheduleDays = \(schedule.days), scheduleWeekdays = \(schedule.weekdays),
                    -- the kind stays: a yes/no habit (no target) takes no measure, a measurable one keeps its own when sent none
                    measureUnit = CASE WHEN measureTarget IS NULL THEN NULL ELSE coalesce(\(measure?.unit)::text, measureUnit) END,
                    measureTarget = CASE WHEN measureTarget IS NULL THEN NULL ELSE coalesce(\(measure?.target)::float8, measureTarget) END,
                    measureAtMost = CASE WHEN measureTarget IS NULL THEN false
                                         ELSE coalesce(\(measure.map { $0.kind == .atMost })::boolean, measureAtMost) END
                WHERE id = \(id) AND deviceID = \(owner.rawValue) RETURNING measureUnit, measureTarget, measureAtMost
                """, on: connection).rows((String?, Double?, Bool).self).first
            guard let (unit, target, atMost) = updated else { return false }
            guard let kept = Self.measure(unit: unit, target: target, atMost: atMost) else { return true }
            let values = try await Self.values(pool.run("SELECT day, value FROM habitValue WHERE habitID = \(id)", on: connection))
            try await Self.setTracks(kept.doneDays(values, schedule: fields.schedule), of: id, within: nil, at: Date(), on: connection, of: pool)
            return true
        }
    }

    public func delete(id: Int64) async throws -> Bool {
        let deleted = try await pool.query("DELETE FROM habit WHERE id = \(id) AND deviceID = \(owner.rawValue) RETURNING id")
            .values(Int64.self)
        return !deleted.isEmpty
    }

    /// One statement: whether the habit is this device's, and whether the track is new. The
    /// habit's row is locked first, as a habit's deletion locks it before its tracks, so the two
    /// never wait for each other in a circle. Two servers tracking the same day at once: the
    /// second waits for the first, then finds the day taken (`.unchanged`).
    public func track(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange {
        try await Self.change(pool.query("""
            WITH owned AS (SELECT id FROM habit WHERE id = \(id) AND deviceID = \(owner.rawValue) FOR NO KEY UPDATE),
                 added AS (
                    INSERT INTO habitTrack (habitID, day, trackedAt) SELECT id, \(day.iso), \(date) FROM owned
                    ON CONFLICT (habitID, day) DO NOTHING RETURNING 1
                 )
            SELECT EXISTS (SELECT 1 FROM owned), EXISTS (SELECT 1 FROM added)
            """))
    }

    /// Locks the habit's row first, as `track` does.
    public func untrack(id: Int64, on day: CalendarDay) async throws -> TrackChange {
        try await Self.change(pool.query("""
            WITH owned AS (SELECT id FROM habit WHERE id = \(id) AND deviceID = \(owner.rawValue) FOR NO KEY UPDATE),
                 removed AS (
                    DELETE FROM habitTrack WHERE habitID IN (SELECT id FROM owned) AND day = \(day.iso) RETURNING 1
                 )
            SELECT EXISTS (SELECT 1 FROM owned), EXISTS (SELECT 1 FROM removed)
            """))
    }

    public func setArchived(id: Int64, _ archived: Bool) async throws -> Bool {
        let changed = try await pool.query("""
            UPDATE habit SET archived = \(archived) WHERE id = \(id) AND deviceID = \(owner.rawValue) RETURNING id
            """).values(Int64.self)
        return !changed.isEmpty
    }

    /// Under the owner's device row lock, as `create` is: two moves at once (two servers, two
    /// tabs) run one after the other, so each swaps positions it read after the other's commit.
    public func move(id: Int64, _ move: HabitMove) async throws -> Bool {
        try await pool.write { [owner, pool] connection in
            try await PostgresDeviceStore.lockForWriting(owner, on: connection, of: pool)
            let position = try await pool.run("""
                SELECT position FROM habit WHERE id = \(id) AND deviceID = \(owner.rawValue) AND NOT archived
                """, on: connection).value(Int64.self)
            guard let position else { return false }
            let neighbour: PostgresQuery = move == .up
                ? "SELECT id, position FROM habit WHERE deviceID = \(owner.rawValue) AND NOT archived AND position < \(position) ORDER BY position DESC LIMIT 1"
                : "SELECT id, position FROM habit WHERE deviceID = \(owner.rawValue) AND NOT archived AND position > \(position) ORDER BY position LIMIT 1"
            guard let (otherID, otherPosition) = try await pool.run(neighbour, on: connection).rows((Int64, Int64).self).first else { return true }
            _ = try await pool.run("""
                UPDATE habit SET position = CASE WHEN id = \(id) THEN \(otherPosition)::bigint ELSE \(position)::bigint END
                WHERE id IN (\(id), \(otherID)) AND deviceID = \(owner.rawValue) RETURNING id
                """, on: connection).values(Int64.self)
            return true
        }
    }

    static func change(_ rows: PostgresRows) async throws -> TrackChange {
        guard let (owned, changed) = try await rows.rows((Bool, Bool).self).first, owned else { return .noSuchHabit }
        return changed ? .changed : .unchanged
    }

    /// Rows of `habitColumns`: id, name, hour, minute, color, createdAt, the tracked days, whether
    /// archived, the schedule's three numbers, the skipped days and notes (`skipsAndNotesColumns`),
    /// and the measure and values (`measureColumns`).
    static func habits(_ rows: some AsyncSequence<PostgresRow, any Error>) async throws -> [Habit] {
        try await rows.rows((
            Int64, String, Int, Int, String, Date, [String], Bool, Int, Int, Int, [String], [String], [String],
            String?, Double?, Bool, [String], [Double]
        ).self).compactMap { row in
            let (id, name, hour, minute, color, createdAt, days, archived, times, scheduleDays, weekdays, skipped, noteDays, noteTexts,
                 unit, target, atMost, valueDays, numbers) = row
            let measure = Self.measure(unit: unit, target: target, atMost: atMost)
            guard let time = TimeOfDay(hour: hour, minute: minute), let color = HabitColor(hex: color),
                  let schedule = HabitSchedule(storedTimes: times, days: scheduleDays, weekdays: weekdays), target == nil || measure != nil
            else { return nil }  // a row this build cannot read is skipped, not fatal
            return Habit(
                id: id, fields: HabitFields(name: name, time: time, color: color, schedule: schedule, measure: measure), createdAt: createdAt,
                trackedDays: days.compactMap(CalendarDay.init(iso:)), skippedDays: skipped.compactMap(CalendarDay.init(iso:)),
                notes: Self.notes(days: noteDays, texts: noteTexts), isArchived: archived, values: Self.values(days: valueDays, numbers: numbers))
        }
    }
}
