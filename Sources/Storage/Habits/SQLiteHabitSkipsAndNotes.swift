import Devices
import Foundation
import GRDB
import Habits

/// Skipped days and notes (issue 48) on the `habitSkip` and `habitNote` tables. A skip takes the
/// day out of `habitTrack` and a track takes it out of `habitSkip` (the migration's triggers).
extension SQLiteHabitStore {
    /// What a habit's days hold besides its tracks: skips and notes, and a measurable habit's
    /// numbers (`SQLiteHabitMeasures.swift`).
    struct DayExtras {
        var skipped: [CalendarDay] = []
        var notes: [CalendarDay: String] = [:]
        var values: [CalendarDay: Double] = [:]
    }

    /// A measurable habit's day loses its value first, in the same transaction, so its period's
    /// done days are derived without it (the trigger alone would leave the period's other days done).
    public func skip(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange {
        try await pool.write { [owner] db in
            guard let kind = try Self.kind(of: id, owner: owner, in: db) else { return .noSuchHabit }
            if let measure = kind.measure, let schedule = kind.schedule {
                _ = try Self.writeValue(nil, of: id, on: day, measure: measure, schedule: schedule, at: date, in: db)
            }
            try db.execute(sql: "INSERT OR IGNORE INTO habitSkip (habitID, day) VALUES (?, ?)", arguments: [id, day.iso])
            return db.changesCount > 0 ? .changed : .unchanged
        }
    }

    public func unskip(id: Int64, on day: CalendarDay) async throws -> TrackChange {
        try await change(id, sql: """
            DELETE FROM habitSkip WHERE day = ?1 AND habitID = (SELECT id FROM habit WHERE id = ?2 AND deviceID = ?3)
            """, day.iso)
    }

    public func setNote(id: Int64, on day: CalendarDay, _ note: String?) async throws -> TrackChange {
        guard let note else {
            return try await change(id, sql: """
                DELETE FROM habitNote WHERE day = ?1 AND habitID = (SELECT id FROM habit WHERE id = ?2 AND deviceID = ?3)
                """, day.iso)
        }
        return try await change(id, sql: """
            INSERT INTO habitNote (habitID, day, note) SELECT id, ?1, ?4 FROM habit WHERE id = ?2 AND deviceID = ?3
            ON CONFLICT (habitID, day) DO UPDATE SET note = excluded.note WHERE note IS NOT excluded.note
            """, day.iso, note)
    }

    /// Runs `sql` with the day as ?1, the habit as ?2, the owner as ?3 and `value` as ?4.
    private func change(_ id: Int64, sql: String, _ day: String, _ value: String? = nil) async throws -> TrackChange {
        try await pool.write { [owner] db in
            try db.execute(sql: sql, arguments: value.map { [day, id, owner.rawValue, $0] } ?? [day, id, owner.rawValue])
            if db.changesCount > 0 { return .changed }
            return try Self.exists(id, owner: owner, in: db) ? .unchanged : .noSuchHabit
        }
    }

    /// Every habit of `owner`'s skipped days and notes, by habit.
    static func dayExtras(of owner: DeviceID, in db: Database) throws -> [Int64: DayExtras] {
        var extras: [Int64: DayExtras] = [:]
        let skips = try Row.fetchCursor(db, sql: """
            SELECT s.habitID, s.day FROM habit h JOIN habitSkip s ON s.habitID = h.id WHERE h.deviceID = ?
            """, arguments: [owner.rawValue])
        while let row = try skips.next() {
            if let day = CalendarDay(iso: row[1]) { extras[row[0], default: .init()].skipped.append(day) }
        }
        let notes = try Row.fetchCursor(db, sql: """
            SELECT n.habitID, n.day, n.note FROM habit h JOIN habitNote n ON n.habitID = h.id WHERE h.deviceID = ?
            """, arguments: [owner.rawValue])
        while let row = try notes.next() {
            if let day = CalendarDay(iso: row[1]) { extras[row[0], default: .init()].notes[day] = row[2] }
        }
        let values = try Row.fetchCursor(db, sql: """
            SELECT v.habitID, v.day, v.value FROM habit h JOIN habitValue v ON v.habitID = h.id WHERE h.deviceID = ?
            """, arguments: [owner.rawValue])
        while let row = try values.next() {
            if let day = CalendarDay(iso: row[1]) { extras[row[0], default: .init()].values[day] = row[2] }
        }
        return extras
    }

    /// One habit's skipped days and notes.
    static func dayExtras(of id: Int64, in db: Database) throws -> DayExtras {
        var extras = DayExtras()
        extras.skipped = try String.fetchAll(db, sql: "SELECT day FROM habitSkip WHERE habitID = ? ORDER BY day", arguments: [id])
            .compactMap(CalendarDay.init(iso:))
        let notes = try Row.fetchAll(db, sql: "SELECT day, note FROM habitNote WHERE habitID = ?", arguments: [id])
        extras.notes = Dictionary(notes.compactMap { row in CalendarDay(iso: row[0]).map { ($0, row[1] as String) } },
                                  uniquingKeysWith: { _, last in last })
        extras.values = try values(of: id, in: db)
        return extras
    }

    /// Adds a restored or imported habit's skipped days and notes.
    static func insertSkipsAndNotes(skipped: [CalendarDay], notes: [CalendarDay: String], of id: Int64, in db: Database) throws {
        let skip = try db.cachedStatement(sql: "INSERT OR IGNORE INTO habitSkip (habitID, day) VALUES (?, ?)")
        for day in skipped { try skip.execute(arguments: [id, day.iso]) }
        let note = try db.cachedStatement(sql: "INSERT INTO habitNote (habitID, day, note) VALUES (?, ?, ?)")
        for (day, text) in notes { try note.execute(arguments: [id, day.iso, text]) }
    }
}
