import Devices
import Foundation
import GRDB
import Habits

/// A measurable habit's numbers (issue 48) on the `habitValue` table. Its tracks are its done
/// days, derived from the values by the core (`HabitMeasure.doneDays`) and written again, in the
/// same transaction, whenever a value, the target or the schedule changes.
extension SQLiteHabitStore {
    public func setValue(id: Int64, on day: CalendarDay, _ value: Double?, at date: Date) async throws -> TrackChange {
        try await pool.write { [owner] db in
            guard let kind = try Self.kind(of: id, owner: owner, in: db) else { return .noSuchHabit }
            guard let measure = kind.measure, let schedule = kind.schedule else { return .unchanged }
            return try Self.writeValue(value, of: id, on: day, measure: measure, schedule: schedule, at: date, in: db) ? .changed : .unchanged
        }
    }

    /// What a habit is, for a change of its days: its measure (nil for yes/no, and for a measure
    /// this build cannot read) and its schedule; nil when `owner` has no habit `id`.
    static func kind(of id: Int64, owner: DeviceID, in db: Database) throws -> (measure: HabitMeasure?, schedule: HabitSchedule?)? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT measureUnit, measureTarget, measureAtMost, scheduleTimes, scheduleDays, scheduleWeekdays
            FROM habit WHERE id = ? AND deviceID = ?
            """, arguments: [id, owner.rawValue]) else { return nil }
        return (measure(row, from: 0) ?? nil, HabitSchedule(storedTimes: row[3], days: row[4], weekdays: row[5]))
    }

    /// Writes (nil: removes) `day`'s value and derives its period's done days again; false when
    /// the day held that value already.
    static func writeValue(
        _ value: Double?, of id: Int64, on day: CalendarDay, measure: HabitMeasure, schedule: HabitSchedule, at date: Date, in db: Database
    ) throws -> Bool {
        if let value {
            try db.execute(sql: """
                INSERT INTO habitValue (habitID, day, value) VALUES (?, ?, ?)
                ON CONFLICT (habitID, day) DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value
                """, arguments: [id, day.iso, value])
        } else {
            try db.execute(sql: "DELETE FROM habitValue WHERE habitID = ? AND day = ?", arguments: [id, day.iso])
        }
        guard db.changesCount > 0 else { return false }
        let period = schedule.period(containing: day) ?? day...day
        let values = try values(of: id, from: period.lowerBound, through: period.upperBound, in: db)
        try db.execute(sql: "DELETE FROM habitTrack WHERE habitID = ? AND day BETWEEN ? AND ?",
                       arguments: [id, period.lowerBound.iso, period.upperBound.iso])
        let done = schedule.period(containing: day) == nil ? [] : measure.doneDays(in: period, values: values)
        try insertTracks(done, of: id, at: date, in: db)
        return true
    }

    /// Writes habit `id`'s tracks again from its values: after its target or schedule changed.
    static func rederiveTracks(of id: Int64, measure: HabitMeasure, schedule: HabitSchedule, in db: Database) throws {
        let done = measure.doneDays(try values(of: id, in: db), schedule: schedule)
        let kept = Set(try String.fetchAll(db, sql: "SELECT day FROM habitTrack WHERE habitID = ?", arguments: [id]))
        let wanted = Set(done.map(\.iso))
        let gone = try db.cachedStatement(sql: "DELETE FROM habitTrack WHERE habitID = ? AND day = ?")
        for day in kept.subtracting(wanted) { try gone.execute(arguments: [id, day]) }
        try insertTracks(done.filter { !kept.contains($0.iso) }, of: id, at: Date(), in: db)
    }

    /// Habit `id`'s values, all of them or those of a span of days.
    static func values(of id: Int64, from first: CalendarDay? = nil, through last: CalendarDay? = nil, in db: Database) throws -> [CalendarDay: Double] {
        var read: [(CalendarDay, Double)] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT day, value FROM habitValue WHERE habitID = ? AND day BETWEEN ? AND ?",
                                       arguments: [id, first?.iso ?? "", last?.iso ?? "9999-12-31"])
        while let row = try rows.next() {
            if let day = CalendarDay(iso: row[0]) { read.append((day, row[1])) }
        }
        // Sized once: ten years of values grew the dictionary a dozen times.
        return Dictionary(read, uniquingKeysWith: { _, last in last })
    }

    /// Adds a restored or imported habit's values.
    static func insertValues(_ values: [CalendarDay: Double], of id: Int64, in db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO habitValue (habitID, day, value) VALUES (?, ?, ?)")
        for (day, value) in values { try insert.execute(arguments: [id, day.iso, value]) }
    }
}
