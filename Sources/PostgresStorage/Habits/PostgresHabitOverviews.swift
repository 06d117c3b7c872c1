import Habits
import PostgresNIO

/// The habit list's one statement (every visit to `/habits`), prepared: PostgreSQL parses and
/// plans it once per connection. `$1` today's calendar day, `$2` the owner, `$3` whether the
/// archived habits are read (issue 38) rather than the list's, `$4` today's ordinal (days since
/// 1970-01-01), from which each habit's period start (`HabitSchedule.period`) and today's weekday
/// (0 Monday, as `WeekdaySet`'s bits) are worked out.
struct HabitOverviewsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT h.id, h.name, h.hour, h.minute, h.color, h.trackCount,
               CASE WHEN h.lastTrackedDay IS NULL OR h.lastTrackedDay < $1 THEN false
                    WHEN h.lastTrackedDay = $1 THEN true
                    -- a later day was tracked (the device's zone moved west since): ask the tracks
                    ELSE EXISTS (SELECT 1 FROM habitTrack t WHERE t.habitID = h.id AND t.day = $1) END,
               h.scheduleTimes, h.scheduleDays, h.scheduleWeekdays,
               -- issue 38: the done days of today's period before today, for blocks longer than a day
               CASE WHEN h.scheduleDays > 1 THEN (
                   SELECT count(*) FROM habitTrack t WHERE t.habitID = h.id AND t.day < $1
                       AND t.day >= to_char($1::date - (($4 - 4) % h.scheduleDays)::int, 'YYYY-MM-DD')) ELSE 0 END,
               h.measureUnit, h.measureTarget, h.measureAtMost,
               -- issue 48: a measurable habit's total of today's period up to today; none on a
               -- weekday its schedule leaves out, which belongs to no period
               CASE WHEN h.measureTarget IS NOT NULL
                         AND (h.scheduleWeekdays = 0 OR h.scheduleWeekdays & (1 << (($4 - 4) % 7)::int) <> 0) THEN (
                   SELECT sum(v.value) FROM habitValue v WHERE v.habitID = h.id AND v.day <= $1
                       AND v.day >= CASE WHEN h.scheduleDays > 1
                                         THEN to_char($1::date - (($4 - 4) % h.scheduleDays)::int, 'YYYY-MM-DD') ELSE $1 END) END
        FROM habit h WHERE h.deviceID = $2 AND h.archived = $3 ORDER BY h.position
        """
    let today: CalendarDay
    let owner: String
    var archived = false

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(today.iso)
        bindings.append(owner)
        bindings.append(archived)
        bindings.append(Int64(today.ordinal))
        return bindings
    }

    /// nil for a row whose colour, time, schedule or measure this build cannot read (skipped, not fatal).
    func decodeRow(_ row: PostgresRow) throws -> HabitOverview? {
        var cells = PostgresCells(row)
        let id = try cells.next(Int64.self)
        let name = try cells.next(String.self)
        let hour = try cells.next(Int.self)
        let minute = try cells.next(Int.self)
        let color = try cells.next(String.self)
        let trackCount = try cells.next(Int.self)
        let trackedToday = try cells.next(Bool.self)
        let times = try cells.next(Int.self)
        let days = try cells.next(Int.self)
        let weekdays = try cells.next(Int.self)
        let earlier = try cells.next(Int.self)
        let unit = try cells.next(String?.self)
        let target = try cells.next(Double?.self)
        let measure = PostgresHabitStore.measure(unit: unit, target: target, atMost: try cells.next(Bool.self))
        let total = try cells.next(Double?.self)
        guard let time = TimeOfDay(hour: hour, minute: minute), let color = HabitColor(hex: color),
              let schedule = HabitSchedule(storedTimes: times, days: days, weekdays: weekdays), target == nil || measure != nil else { return nil }
        return HabitOverview(
            id: id, fields: HabitFields(name: name, time: time, color: color, schedule: schedule, measure: measure), trackCount: trackCount,
            isTrackedToday: trackedToday, isDueToday: schedule.isDue(on: today, doneEarlierInPeriod: earlier), periodTotal: total)
    }
}
