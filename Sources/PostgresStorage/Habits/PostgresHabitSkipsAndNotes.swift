import Foundation
import Habits
import PostgresNIO

/// Skipped days and notes (issue 48) on the `habitSkip` and `habitNote` tables. Each change locks
/// the habit's row first, as a track does; a skip takes the day out of `habitTrack` and a track
/// takes it out of `habitSkip` (the migration's triggers).
extension PostgresHabitStore {
    /// A measurable habit's day loses its value first, in the same transaction, so its period's
    /// done days are derived without it (the trigger alone would leave the period's other days done).
    public func skip(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange {
        try await pool.write { [owner, pool] connection in
            guard let kind = try await Self.kind(of: id, owner: owner, on: connection, of: pool) else { return .noSuchHabit }
            if let measure = kind.measure, let schedule = kind.schedule {
                _ = try await Self.writeValue(nil, of: id, on: day, measure: measure, schedule: schedule, at: date, on: connection, of: pool)
            }
            let added = try await pool.run("""
                INSERT INTO habitSkip (habitID, day) VALUES (\(id), \(day.iso)) ON CONFLICT DO NOTHING RETURNING 1
                """, on: connection)
            return try await added.isEmpty() ? .unchanged : .changed
        }
    }

    public func unskip(id: Int64, on day: CalendarDay) async throws -> TrackChange {
        try await Self.change(pool.query("""
            WITH owned AS (SELECT id FROM habit WHERE id = \(id) AND deviceID = \(owner.rawValue) FOR NO KEY UPDATE),
                 removed AS (DELETE FROM habitSkip WHERE habitID IN (SELECT id FROM owned) AND day = \(day.iso) RETURNING 1)
            SELECT EXISTS (SELECT 1 FROM owned), EXISTS (SELECT 1 FROM removed)
            """))
    }

    public func setNote(id: Int64, on day: CalendarDay, _ note: String?) async throws -> TrackChange {
        guard let note else {
            return try await Self.change(pool.query("""
                WITH owned AS (SELECT id FROM habit WHERE id = \(id) AND deviceID = \(owner.rawValue) FOR NO KEY UPDATE),
                     removed AS (DELETE FROM habitNote WHERE habitID IN (SELECT id FROM owned) AND day = \(day.iso) RETURNING 1)
                SELECT EXISTS (SELECT 1 FROM owned), EXISTS (SELECT 1 FROM removed)
                """))
        }
        return try await Self.change(pool.query("""
            WITH owned AS (SELECT id FROM habit WHERE id = \(id) AND deviceID = \(owner.rawValue) FOR NO KEY UPDATE),
                 written AS (
                    INSERT INTO habitNote (habitID, day, note) SELECT id, \(day.iso), \(note) FROM owned
                    ON CONFLICT (habitID, day) DO UPDATE SET note = excluded.note WHERE habitNote.note IS DISTINCT FROM excluded.note
                    RETURNING 1
                 )
            SELECT EXISTS (SELECT 1 FROM owned), EXISTS (SELECT 1 FROM written)
            """))
    }

    /// A habit's skipped days, its notes' days and their texts, as three arrays after its columns.
    static let skipsAndNotesColumns = """
        array(SELECT s.day FROM habitSkip s WHERE s.habitID = h.id ORDER BY s.day),
        array(SELECT n.day FROM habitNote n WHERE n.habitID = h.id ORDER BY n.day),
        array(SELECT n.note FROM habitNote n WHERE n.habitID = h.id ORDER BY n.day)
        """

    static func notes(days: [String], texts: [String]) -> [CalendarDay: String] {
        var notes: [CalendarDay: String] = [:]
        for (text, note) in zip(days, texts) {
            if let day = CalendarDay(iso: text) { notes[day] = note }
        }
        return notes
    }

    /// The statements that add a restored or imported habit's skipped days and notes.
    static func skipsAndNotesInserts(skipped: [CalendarDay], notes: [CalendarDay: String], of id: Int64) -> [PostgresQuery] {
        var inserts: [PostgresQuery] = []
        if !skipped.isEmpty {
            inserts.append("""
                INSERT INTO habitSkip (habitID, day) SELECT \(id), day FROM unnest(\(skipped.map(\.iso))::text[]) AS day ON CONFLICT DO NOTHING
                """)
        }
        if !notes.isEmpty {
            let sorted = notes.sorted { $0.key < $1.key }
            inserts.append("""
                INSERT INTO habitNote (habitID, day, note)
                SELECT \(id), d, n FROM unnest(\(sorted.map(\.key.iso))::text[], \(sorted.map(\.value))::text[]) AS x(d, n)
                """)
        }
        return inserts
    }
}
