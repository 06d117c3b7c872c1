import Foundation
import Devices
import Habits
import PostgresNIO

/// Measurable habits (issue 48): the measure on the habit's row (`measureUnit`, `measureTarget`,
/// `measureAtMost`; no target: yes/no) and a number per day in `habitValue`. A measurable habit's
/// tracks are its done days, derived here from its values (`HabitMeasure.doneDays`) whenever a
/// value or the measure changes, in the same transaction, under the lock on the habit's row that
/// every change of its days takes first.
extension PostgresHabitStore {
    public func setValue(id: Int64, on day: CalendarDay, _ value: Double?, at date: Date) async throws -> TrackChange {
        try await pool.write { [owner, pool] connection in
            guard let kind = try await Self.kind(of: id, owner: owner, on: connection, of: pool) else { return .noSuchHabit }
            guard let measure = kind.measure, let schedule = kind.schedule else { return .unchanged }
            let written = try await Self.writeValue(value, of: id, on: day, measure: measure, schedule: schedule, at: date, on: connection, of: pool)
            return written ? .changed : .unchanged
        }
    }

    /// What a habit is, for a change of its days, its row locked first: its measure (nil for
    /// yes/no, and for one this build cannot read) and its schedule; nil when `owner` has no habit `id`.
    static func kind(
        of id: Int64, owner: DeviceID, on connection: PostgresConnection, of pool: PostgresPool
    ) async throws -> (measure: HabitMeasure?, schedule: HabitSchedule?)? {
        let row = try await pool.run("""
            SELECT measureUnit, measureTarget, measureAtMost, scheduleTimes, scheduleDays, scheduleWeekdays
            FROM habit WHERE id = \(id) AND deviceID = \(owner.rawValue) FOR NO KEY UPDATE
            """, on: connection).rows((String?, Double?, Bool, Int, Int, Int).self).first
        guard let (unit, target, atMost, times, days, weekdays) = row else { return nil }
        return (measure(unit: unit, target: target, atMost: atMost), HabitSchedule(storedTimes: times, days: days, weekdays: weekdays))
    }

    /// Writes (nil: removes) `day`'s value and derives its period's done days again; false when
    /// the day held that value already.
    static func writeValue(
        _ value: Double?, of id: Int64, on day: CalendarDay, measure: HabitMeasure, schedule: HabitSchedule, at date: Date,
        on connection: PostgresConnection, of pool: PostgresPool
    ) async throws -> Bool {
        let written: PostgresQuery = if let value {
            """
            INSERT INTO habitValue (habitID, day, value) VALUES (\(id), \(day.iso), \(value))
            ON CONFLICT (habitID, day) DO UPDATE SET value = excluded.value WHERE habitValue.value IS DISTINCT FROM excluded.value
            RETURNING 1
            """
        } else {
            "DELETE FROM habitValue WHERE habitID = \(id) AND day = \(day.iso) RETURNING 1"
        }
        guard try await !pool.run(written, on: connection).isEmpty() else { return false }
        guard let period = schedule.period(containing: day) else {
            try await pool.run("DELETE FROM habitTrack WHERE habitID = \(id) AND day = \(day.iso)", on: connection).drain()
            return true
        }
        let values = try await values(pool.run("""
            SELECT day, value FROM habitValue WHERE habitID = \(id) AND day BETWEEN \(period.lowerBound.iso) AND \(period.upperBound.iso)
            """, on: connection))
        try await setTracks(measure.doneDays(in: period, values: values), of: id, within: period, at: date, on: connection, of: pool)
        return true
    }

    /// Makes `id`'s tracks within `days` (every track with nil) exactly `done`. Only the days that
    /// change are written: an edit that moves no done day writes no track.
    static func setTracks(
        _ done: [CalendarDay], of id: Int64, within days: ClosedRange<CalendarDay>?, at date: Date,
        on connection: PostgresConnection, of pool: PostgresPool
    ) async throws {
        let kept = done.map(\.iso)
        let removed: PostgresQuery = if let days {
            """
            DELETE FROM habitTrack WHERE habitID = \(id) AND day BETWEEN \(days.lowerBound.iso) AND \(days.upperBound.iso)
                AND day <> ALL(\(kept)::text[])
            """
        } else {
            "DELETE FROM habitTrack WHERE habitID = \(id) AND day <> ALL(\(kept)::text[])"
        }
        try await pool.run(removed, on: connection).drain()
        guard !kept.isEmpty else { return }
        try await pool.run("""
            INSERT INTO habitTrack (habitID, day, trackedAt) SELECT \(id), day, \(date) FROM unnest(\(kept)::text[]) AS day
            ON CONFLICT (habitID, day) DO NOTHING
            """, on: connection).drain()
    }

    /// The measure the habit's columns hold; nil for a yes/no habit (no target), and for a
    /// measure this build cannot hold (the caller tells the two apart by the target).
    static func measure(unit: String?, target: Double?, atMost: Bool) -> HabitMeasure? {
        guard let unit, let target else { return nil }
        return HabitMeasure(unit: unit, target: target, kind: atMost ? .atMost : .atLeast)
    }

    /// A habit's measure columns, then its valued days and their numbers as two arrays.
    static let measureColumns = """
        h.measureUnit, h.measureTarget, h.measureAtMost,
        array(SELECT v.day FROM habitValue v WHERE v.habitID = h.id ORDER BY v.day),
        array(SELECT v.value FROM habitValue v WHERE v.habitID = h.id ORDER BY v.day)
        """

    static func values(days: [String], numbers: [Double]) -> [CalendarDay: Double] {
        var values: [CalendarDay: Double] = [:]
        for (text, number) in zip(days, numbers) {
            if let day = CalendarDay(iso: text) { values[day] = number }
        }
        return values
    }

    /// Rows of a day and its number.
    static func values(_ rows: some AsyncSequence<PostgresRow, any Error>) async throws -> [CalendarDay: Double] {
        let rows = try await rows.rows((String, Double).self)
        return values(days: rows.map(\.0), numbers: rows.map(\.1))
    }

    /// The statement that adds a restored or imported habit's values; nil for none.
    static func valuesInsert(_ values: [CalendarDay: Double], of id: Int64) -> PostgresQuery? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted { $0.key < $1.key }
        return """
            INSERT INTO habitValue (habitID, day, value)
            SELECT \(id), d, v FROM unnest(\(sorted.map(\.key.iso))::text[], \(sorted.map(\.value))::float8[]) AS x(d, v)
            """
    }
}
