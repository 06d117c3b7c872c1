import GRDB

/// Issue 38's tables, after MyHabits' own: a habit's reminder, the browsers' push subscriptions
/// and the days each reminder went out. Kept apart from the habit tables' migrations (ids
/// `reminders.<n>-…`) so the habit core's own changes and these never touch one list.
extension HabitsSQLiteStorage {
    static let reminderMigrations = [
        SQLiteMigration("reminders.1-habit-reminder") { db in
            // A row per habit whose reminder is on. `dueAt` is the next instant it is due (NULL:
            // to be worked out, by the scheduler, from the habit's time and its device's zone):
            // what is due is a range of this index, whatever the zones.
            try db.create(table: "habitReminder") { table in
                table.primaryKey("habitID", .integer).references("habit", onDelete: .cascade)
                table.column("dueAt", .datetime)
            }
            try db.create(index: "habitReminder_dueAt", on: "habitReminder", columns: ["dueAt"])
            // One row per reminder and day it went out (the day in the device's zone): the
            // primary key is what makes a second one the same day impossible, even after the
            // habit's time moves later that day.
            try db.create(table: "reminderSent", options: [.withoutRowID]) { table in
                table.column("habitID", .integer).notNull().references("habit", onDelete: .cascade)
                table.column("day", .text).notNull()
                table.column("sentAt", .datetime).notNull()
                table.primaryKey(["habitID", "day"])
            }
            // A browser's subscription (one per session: a browser has one per worker), gone
            // with its session, removed or deleted, and with its owner.
            try db.create(table: "pushSubscription") { table in
                table.primaryKey("endpoint", .text)
                table.column("deviceID", .text).notNull().indexed().references("device", onDelete: .cascade)
                table.column("sessionID", .text).notNull().indexed().references("session", onDelete: .cascade)
                table.column("p256dh", .text).notNull()
                table.column("auth", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.execute(sql: """
                CREATE TRIGGER habitReminder_habitTimeChanged AFTER UPDATE OF hour, minute ON habit
                    WHEN NEW.hour IS NOT OLD.hour OR NEW.minute IS NOT OLD.minute BEGIN
                    UPDATE habitReminder SET dueAt = NULL WHERE habitID = NEW.id;
                END;
                CREATE TRIGGER habitReminder_deviceZoneChanged AFTER UPDATE OF timeZone ON device
                    WHEN NEW.timeZone IS NOT OLD.timeZone BEGIN
                    UPDATE habitReminder SET dueAt = NULL WHERE habitID IN (SELECT id FROM habit WHERE deviceID = NEW.id);
                END;
                CREATE TRIGGER pushSubscription_sessionRemoved AFTER UPDATE OF removedAt ON session
                    WHEN NEW.removedAt IS NOT NULL BEGIN
                    DELETE FROM pushSubscription WHERE sessionID = NEW.id;
                END;
                """)
        },
    ]
}
