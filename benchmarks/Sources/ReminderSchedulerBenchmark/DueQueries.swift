/// The claim's two row-finding statements as `claimDue` runs them (Sources/Storage/Habits/
/// SQLiteHabitReminderStore.swift, Sources/PostgresStorage/Habits/PostgresHabitReminderStore.swift),
/// for their plans. The benchmark's timings come from the stores themselves; only `EXPLAIN` reads
/// these copies, so a change of the stores' statements must be made here too.
enum DueQueries {
    static let unscheduled = "reminders without a due instant (scheduled first)"
    static let due = "reminders due now, oldest first"

    static let sqlite: [(String, String)] = [
        (unscheduled, """
            SELECT r.habitID, h.hour, h.minute, d.timeZone FROM habitReminder r
            JOIN habit h ON h.id = r.habitID JOIN device d ON d.id = h.deviceID
            WHERE r.dueAt IS NULL LIMIT ?
            """),
        (due, """
            SELECT r.habitID, r.dueAt, h.name, h.hour, h.minute, h.deviceID, d.timeZone, d.language,
                   h.scheduleTimes, h.scheduleDays, h.scheduleWeekdays FROM habitReminder r
            JOIN habit h ON h.id = r.habitID JOIN device d ON d.id = h.deviceID
            WHERE r.dueAt <= ? ORDER BY r.dueAt LIMIT ?
            """),
    ]

    /// With the parameters' types, for `PREPARE`.
    static let postgres: [(String, String, String)] = [
        (unscheduled, "(bigint)", """
            SELECT r.habitID, h.hour, h.minute, d.timeZone FROM habitReminder r
            JOIN habit h ON h.id = r.habitID JOIN device d ON d.id = h.deviceID
            WHERE r.dueAt IS NULL LIMIT $1 FOR UPDATE OF r SKIP LOCKED
            """),
        (due, "(timestamptz, bigint)", """
            SELECT r.habitID, r.dueAt, h.name, h.hour, h.minute, h.deviceID, d.timeZone, d.language,
                   h.scheduleTimes, h.scheduleDays, h.scheduleWeekdays FROM habitReminder r
            JOIN habit h ON h.id = r.habitID JOIN device d ON d.id = h.deviceID
            WHERE r.dueAt <= $1 ORDER BY r.dueAt LIMIT $2 FOR UPDATE OF r SKIP LOCKED
            """),
    ]
}
