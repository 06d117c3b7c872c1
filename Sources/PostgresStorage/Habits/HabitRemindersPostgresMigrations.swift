/// Issue 38's tables on PostgreSQL, the same as SQLite's (`HabitsSQLiteStorage.reminderMigrations`),
/// with the same ids.
extension HabitsPostgresStorage {
    static let reminderMigrations = [
        PostgresMigration("reminders.1-habit-reminder", [
            // `dueAt`: the next instant the reminder is due; NULL while the scheduler has to work
            // it out (just turned on, the habit's time or the device's zone changed).
            """
            CREATE TABLE habitReminder (
                habitID bigint PRIMARY KEY REFERENCES habit (id) ON DELETE CASCADE,
                dueAt timestamptz
            )
            """,
            "CREATE INDEX habitReminder_dueAt ON habitReminder (dueAt)",
            """
            CREATE TABLE reminderSent (
                habitID bigint NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
                day text COLLATE "C" NOT NULL,
                sentAt timestamptz NOT NULL,
                PRIMARY KEY (habitID, day)
            )
            """,
            """
            CREATE TABLE pushSubscription (
                endpoint text PRIMARY KEY,
                deviceID text NOT NULL REFERENCES device (id) ON DELETE CASCADE,
                sessionID text NOT NULL REFERENCES session (id) ON DELETE CASCADE,
                p256dh text NOT NULL,
                auth text NOT NULL,
                createdAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX pushSubscription_deviceID ON pushSubscription (deviceID)",
            "CREATE INDEX pushSubscription_sessionID ON pushSubscription (sessionID)",
            """
            CREATE FUNCTION habit_reminder_reschedule() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_TABLE_NAME = 'habit' THEN
                    UPDATE habitReminder SET dueAt = NULL WHERE habitID = NEW.id;
                ELSE
                    UPDATE habitReminder SET dueAt = NULL WHERE habitID IN (SELECT id FROM habit WHERE deviceID = NEW.id);
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER habitReminder_habitTimeChanged AFTER UPDATE OF hour, minute ON habit
                FOR EACH ROW WHEN (NEW.hour IS DISTINCT FROM OLD.hour OR NEW.minute IS DISTINCT FROM OLD.minute)
                EXECUTE FUNCTION habit_reminder_reschedule()
            """,
            """
            CREATE TRIGGER habitReminder_deviceZoneChanged AFTER UPDATE OF timeZone ON device
                FOR EACH ROW WHEN (NEW.timeZone IS DISTINCT FROM OLD.timeZone)
                EXECUTE FUNCTION habit_reminder_reschedule()
            """,
            """
            CREATE FUNCTION push_subscription_session_removed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                DELETE FROM pushSubscription WHERE sessionID = NEW.id;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER pushSubscription_sessionRemoved AFTER UPDATE OF removedAt ON session
                FOR EACH ROW WHEN (NEW.removedAt IS NOT NULL)
                EXECUTE FUNCTION push_subscription_session_removed()
            """,
        ]),
    ]
}
