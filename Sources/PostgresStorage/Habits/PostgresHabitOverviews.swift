import Habits
import PostgresNIO

/// The habit list's one statement (every visit to `/habits`), prepared: PostgreSQL parses and
/// plans it once per connection. `$1` today's calendar day, `$2` the owner, `$3` whether the
/// archived habits are read (issue 38) rather than the list's.
struct HabitOverviewsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT h.id, h.name, h.hour, h.minute, h.color, h.trackCount,
               CASE WHEN h.lastTrackedDay IS NULL OR h.lastTrackedDay < $1 THEN false
                    WHEN h.lastTrackedDay = $1 THEN true
                    -- a later day was tracked (the device's zone moved west since): ask the tracks
                    ELSE EXISTS (SELECT 1 FROM habitTrack t WHERE t.habitID = h.id AND t.day = $1) END
        FROM habit h WHERE h.deviceID = $2 AND h.archived = $3 ORDER BY h.position
        """
    let today: String
    let owner: String
    var archived = false

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(today)
        bindings.append(owner)
        bindings.append(archived)
        return bindings
    }

    /// nil for a row whose colour or time this build cannot read (skipped, not fatal).
    func decodeRow(_ row: PostgresRow) throws -> HabitOverview? {
        var cells = PostgresCells(row)
        let id = try cells.next(Int64.self)
        let name = try cells.next(String.self)
        let hour = try cells.next(Int.self)
        let minute = try cells.next(Int.self)
        let color = try cells.next(String.self)
        let trackCount = try cells.next(Int.self)
        let trackedToday = try cells.next(Bool.self)
        guard let time = TimeOfDay(hour: hour, minute: minute), let color = HabitColor(hex: color) else { return nil }
        return HabitOverview(
            id: id, fields: HabitFields(name: name, time: time, color: color), trackCount: trackCount, isTrackedToday: trackedToday)
    }
}
