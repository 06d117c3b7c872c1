import Devices
import Foundation
import GRDB
import Habits
import Persistence

/// MyHabits on SQLite: the `habit` table and one `habitTrack` row per habit and day done.
public enum HabitsSQLiteStorage: SQLiteAppStorage {
    public static let migrations = habitMigrations + reminderMigrations

    static let habitMigrations = [
        SQLiteMigration("habits.1-habit", formerly: "v3-habits") { db in
            try db.create(table: "habit") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("deviceID", .text).notNull()
                    .indexed()
                    .references("device", onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("hour", .integer).notNull()
                table.column("minute", .integer).notNull()
                table.column("color", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                // Kept by the triggers below: the list shows every habit's count, and counting
                // ten years of tracks per habit on each visit would cost more than the rest of the page.
                table.column("trackCount", .integer).notNull().defaults(to: 0)
            }
            // One row per habit and calendar day (YYYY-MM-DD in the device's zone when tracked):
            // the primary key is what makes a second track on the same day impossible.
            try db.create(table: "habitTrack", options: [.withoutRowID]) { table in
                table.column("habitID", .integer).notNull()
                    .references("habit", onDelete: .cascade)
                table.column("day", .text).notNull()
                table.column("trackedAt", .datetime).notNull()
                table.primaryKey(["habitID", "day"])
            }
            try db.execute(sql: """
                CREATE TRIGGER habitTrack_counted AFTER INSERT ON habitTrack BEGIN
                    UPDATE habit SET trackCount = trackCount + 1 WHERE id = NEW.habitID;
                END;
                CREATE TRIGGER habitTrack_uncounted AFTER DELETE ON habitTrack BEGIN
                    UPDATE habit SET trackCount = trackCount - 1 WHERE id = OLD.habitID;
                END;
                """)
        },
        SQLiteMigration("habits.2-last-tracked-day", formerly: "v7-habit-last-tracked-day") { db in
            // The list asks every habit "tracked today?" on each visit: one index probe per habit
            // among years of tracks. The triggers keep each habit's latest tracked day instead, so
            // the answer is a column compare, and it cannot drift from the tracks.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN lastTrackedDay TEXT;
                UPDATE habit SET lastTrackedDay = (SELECT MAX(day) FROM habitTrack t WHERE t.habitID = habit.id);
                CREATE TRIGGER habitTrack_lastDay_added AFTER INSERT ON habitTrack BEGIN
                    UPDATE habit SET lastTrackedDay = NEW.day
                        WHERE id = NEW.habitID AND (lastTrackedDay IS NULL OR lastTrackedDay < NEW.day);
                END;
                CREATE TRIGGER habitTrack_lastDay_removed AFTER DELETE ON habitTrack BEGIN
                    UPDATE habit SET lastTrackedDay = (SELECT MAX(day) FROM habitTrack t WHERE t.habitID = OLD.habitID)
                        WHERE id = OLD.habitID AND lastTrackedDay = OLD.day;
                END;
                """)
        },
        SQLiteMigration("habits.3-track-counts-per-statement") { db in
            // SQLite has no statement triggers (PostgreSQL's migration of this id moves there):
            // here each track's two triggers become one, so a restore of 100 habits × 10 years
            // (issue 36) updates each habit's row once a day instead of twice. The same facts are
            // kept: each habit's count of tracks and its latest tracked day.
            try db.execute(sql: """
                DROP TRIGGER habitTrack_counted;
                DROP TRIGGER habitTrack_lastDay_added;
                DROP TRIGGER habitTrack_uncounted;
                DROP TRIGGER habitTrack_lastDay_removed;
                CREATE TRIGGER habitTrack_added AFTER INSERT ON habitTrack BEGIN
                    UPDATE habit SET trackCount = trackCount + 1,
                        lastTrackedDay = CASE WHEN lastTrackedDay IS NULL OR lastTrackedDay < NEW.day THEN NEW.day ELSE lastTrackedDay END
                        WHERE id = NEW.habitID;
                END;
                CREATE TRIGGER habitTrack_removed AFTER DELETE ON habitTrack BEGIN
                    UPDATE habit SET trackCount = trackCount - 1,
                        lastTrackedDay = CASE WHEN lastTrackedDay = OLD.day
                            THEN (SELECT MAX(day) FROM habitTrack t WHERE t.habitID = OLD.habitID) ELSE lastTrackedDay END
                        WHERE id = OLD.habitID;
                END;
                """)
        },
        SQLiteMigration("habits.4-archive-order") { db in
            // Issue 38. `position` orders an owner's habits; it starts as the id, so the list keeps
            // today's order (creation order), and a new habit, whose id is above every id, comes
            // last. A move swaps two positions, so an owner's positions stay distinct. The trigger
            // gives every insert its position, whichever path makes the habit (create, import,
            // restore).
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN archived BOOLEAN NOT NULL DEFAULT 0;
                ALTER TABLE habit ADD COLUMN position INTEGER;
                UPDATE habit SET position = id;
                CREATE TRIGGER habit_positioned AFTER INSERT ON habit WHEN NEW.position IS NULL BEGIN
                    UPDATE habit SET position = NEW.id WHERE id = NEW.id;
                END;
                CREATE INDEX habit_deviceID_position ON habit (deviceID, position);
                """)
        },
        SQLiteMigration("habits.5-schedule") { db in
            // Issue 38: `HabitSchedule.stored`. Every habit made before is done every day (1, 1, 0).
            // SQLite adds no table constraint to an existing table; the last column's check holds
            // the rule between the three (a weekday schedule is 1 in 1 days).
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN scheduleTimes INTEGER NOT NULL DEFAULT 1 CHECK (scheduleTimes BETWEEN 1 AND 31);
                ALTER TABLE habit ADD COLUMN scheduleDays INTEGER NOT NULL DEFAULT 1 CHECK (scheduleDays BETWEEN 1 AND 31);
                ALTER TABLE habit ADD COLUMN scheduleWeekdays INTEGER NOT NULL DEFAULT 0
                    CHECK (scheduleWeekdays BETWEEN 0 AND 127 AND scheduleTimes <= scheduleDays
                           AND (scheduleWeekdays = 0 OR (scheduleTimes = 1 AND scheduleDays = 1)));
                """)
        },
        SQLiteMigration("habits.6-skips-notes") { db in
            // Issue 48: a skipped day (Loop's SKIP) and a note per day. A day is done or skipped,
            // never both: the triggers take a day out of one table when it enters the other. A
            // note's length is checked in characters as people count them before it gets here;
            // the column holds at most 4,000 code points whatever a client sends.
            try db.execute(sql: """
                CREATE TABLE habitSkip (
                    habitID INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    PRIMARY KEY (habitID, day)
                ) WITHOUT ROWID;
                CREATE TABLE habitNote (
                    habitID INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    note TEXT NOT NULL CHECK (length(note) BETWEEN 1 AND 4000),
                    PRIMARY KEY (habitID, day)
                ) WITHOUT ROWID;
                CREATE TRIGGER habitSkip_undone AFTER INSERT ON habitSkip BEGIN
                    DELETE FROM habitTrack WHERE habitID = NEW.habitID AND day = NEW.day;
                END;
                CREATE TRIGGER habitTrack_unskipped AFTER INSERT ON habitTrack BEGIN
                    DELETE FROM habitSkip WHERE habitID = NEW.habitID AND day = NEW.day;
                END;
                """)
        },
        SQLiteMigration("habits.7-measures") { db in
            // Issue 48: a measurable habit (`HabitMeasure`): its unit and target on the habit (no
            // target: yes/no), a number per day in `habitValue`. Its tracks stay its done days,
            // which the store derives from the values, so every reader of tracks (the list, the
            // reminders, the badge) reads a measurable habit as it reads a yes/no one. A valued day
            // is not skipped: the triggers take it out of one table when it enters the other.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN measureUnit TEXT CHECK (length(measureUnit) <= 80);
                ALTER TABLE habit ADD COLUMN measureTarget REAL
                    CHECK ((measureTarget IS NULL) = (measureUnit IS NULL) AND (measureTarget IS NULL OR measureTarget BETWEEN 0 AND 1e9));
                ALTER TABLE habit ADD COLUMN measureAtMost BOOLEAN NOT NULL DEFAULT 0;
                CREATE TABLE habitValue (
                    habitID INTEGER NOT NULL REFERENCES habit (id) ON DELETE CASCADE,
                    day TEXT NOT NULL,
                    value REAL NOT NULL CHECK (value BETWEEN 0 AND 1e9),
                    PRIMARY KEY (habitID, day)
                ) WITHOUT ROWID;
                CREATE TRIGGER habitValue_unskipped AFTER INSERT ON habitValue BEGIN
                    DELETE FROM habitSkip WHERE habitID = NEW.habitID AND day = NEW.day;
                END;
                CREATE TRIGGER habitSkip_unvalued AFTER INSERT ON habitSkip BEGIN
                    DELETE FROM habitValue WHERE habitID = NEW.habitID AND day = NEW.day;
                END;
                """)
        },
    ]

    public static func backup(of owner: DeviceID, in db: Database) throws -> HabitsBackup {
        let reminders = Set(try Int64.fetchAll(db, sql: """
            SELECT r.habitID FROM habitReminder r JOIN habit h ON h.id = r.habitID WHERE h.deviceID = ?
            """, arguments: [owner.rawValue]))
        return HabitsBackup(habits: try SQLiteHabitStore.habits(of: owner, in: db).map {
            BackedUpHabit($0, reminder: reminders.contains($0.id))
        })
    }

    public static func restore(_ backup: HabitsBackup, for owner: DeviceID, in db: Database) throws {
        let habits = try backup.habits.map { try $0.validated() }
        try db.execute(sql: "DELETE FROM habit WHERE deviceID = ?", arguments: [owner.rawValue])
        try DeviceStore.ensure(owner, in: db)
        let now = Date()
        for habit in habits {
            let id = try SQLiteHabitStore.insert(habit.fields, owner: owner.rawValue, createdAt: habit.createdAt, archived: habit.isArchived, in: db)
            try SQLiteHabitStore.insertTracks(habit.days, of: id, at: now, in: db)
            try SQLiteHabitStore.insertSkipsAndNotes(skipped: habit.skipped, notes: habit.notes, of: id, in: db)
            try SQLiteHabitStore.insertValues(habit.values, of: id, in: db)
            if habit.reminder {
                try db.execute(sql: "INSERT INTO habitReminder (habitID) VALUES (?)", arguments: [id])
            }
        }
    }
}

extension HabitsSQLiteStorage {
    /// A restore's habits and days are written ahead under `staging`, in short transactions; the
    /// restore's own transaction then only trades the owner's habits for them (issue 46, item 3).
    public static func stagedRestore(
        _ backup: HabitsBackup, for owner: DeviceID, under staging: StagingOwner, in pool: DatabasePool
    ) async throws -> @Sendable (Database) throws -> Void {
        let habits = try backup.habits.map { try $0.validated() }
        let ids = try await SQLiteHabitStaging.stage(
            habits.map {
                SQLiteHabitStaging.Habit(
                    fields: $0.fields, createdAt: $0.createdAt, isArchived: $0.isArchived, days: $0.days, skipped: $0.skipped, notes: $0.notes,
                    values: $0.values)
            },
            under: staging, trackedAt: Date(), in: pool)
        let reminders = habits.map(\.reminder)
        return { db in try SQLiteHabitStaging.swap(ids, reminders: reminders, under: staging, with: owner, in: db) }
    }
}

extension AppDatabase {
    public func habitStore(owner: DeviceID) -> SQLiteHabitStore {
        SQLiteHabitStore(pool: pool, owner: owner, limit: limits.habits)
    }
}
