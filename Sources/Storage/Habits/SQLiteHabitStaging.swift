import Devices
import Foundation
import GRDB
import Habits

/// MyHabits' part of a staged write (issue 46, item 3): an import's or a restore's habits and
/// days written under a `StagingOwner` a transaction's worth at a time, handed to their owner in
/// one short transaction, and deleted again a transaction's worth at a time.
enum SQLiteHabitStaging {
    /// A habit as it is staged: its row, its days, and its skipped days and notes (issue 48).
    struct Habit: Sendable {
        let fields: HabitFields
        let createdAt: Date
        let isArchived: Bool
        let days: [CalendarDay]
        var skipped: [CalendarDay] = []
        var notes: [CalendarDay: String] = [:]
        /// A measurable habit's numbers (issue 48).
        var values: [CalendarDay: Double] = [:]
    }

    /// Writes `habits` under `staging`, in their order, their days made at `trackedAt`; their ids.
    static func stage(_ habits: [Habit], under staging: StagingOwner, trackedAt: Date, in pool: DatabasePool) async throws -> [Int64] {
        struct Cursor: Sendable {
            var habit = 0
            var day = 0
            var ids: [Int64] = []
        }
        let done = try await StagingOwner.inShortTransactions(pool, from: Cursor()) { db, cursor in
            var budget = StagingOwner.rowsPerTransaction
            while budget > 0, cursor.habit < habits.count {
                let habit = habits[cursor.habit]
                if cursor.ids.count == cursor.habit {
                    let id = try SQLiteHabitStore.insert(
                        habit.fields, owner: staging.rawValue, createdAt: habit.createdAt, archived: habit.isArchived, in: db)
                    cursor.ids.append(id)
                    try SQLiteHabitStore.insertSkipsAndNotes(skipped: habit.skipped, notes: habit.notes, of: id, in: db)
                    try SQLiteHabitStore.insertValues(habit.values, of: id, in: db)
                    budget -= 1 + habit.skipped.count + habit.notes.count + habit.values.count
                }
                let end = min(habit.days.count, cursor.day + max(budget, 1))
                try SQLiteHabitStore.insertTracks(habit.days[cursor.day..<end], of: cursor.ids[cursor.habit], at: trackedAt, in: db)
                budget -= end - cursor.day
                if end == habit.days.count {
                    cursor.habit += 1
                    cursor.day = 0
                } else {
                    cursor.day = end
                }
            }
            return cursor.habit < habits.count
        }
        return done.ids
    }

    /// In the transaction that ends an import: the staged habits `ids`, renamed to `names` where
    /// those differ, become `owner`'s.
    static func handOver(_ ids: [Int64], names: [String], under staging: StagingOwner, to owner: DeviceID, in db: Database) throws {
        try checkStaged(ids, under: staging, in: db)
        try DeviceStore.ensure(owner, in: db)
        let rename = try db.cachedStatement(sql: "UPDATE habit SET name = ? WHERE id = ? AND name <> ?1")
        for (id, name) in zip(ids, names) { try rename.execute(arguments: [name, id]) }
        try db.execute(sql: "UPDATE habit SET deviceID = ? WHERE deviceID = ?", arguments: [owner.rawValue, staging.rawValue])
    }

    /// In the transaction that ends a restore: `owner`'s habits and the staged ones `ids` trade
    /// places, so the old ones are discarded with the staging owner; `reminders` says which of the
    /// new ones have their reminder on.
    static func swap(_ ids: [Int64], reminders: [Bool], under staging: StagingOwner, with owner: DeviceID, in db: Database) throws {
        try checkStaged(ids, under: staging, in: db)
        try DeviceStore.ensure(owner, in: db)
        try db.execute(
            sql: "UPDATE habit SET deviceID = CASE WHEN deviceID = ?1 THEN ?2 ELSE ?1 END WHERE deviceID IN (?1, ?2)",
            arguments: [owner.rawValue, staging.rawValue])
        for (id, reminder) in zip(ids, reminders) where reminder {
            try db.execute(sql: "INSERT INTO habitReminder (habitID) VALUES (?)", arguments: [id])
        }
    }

    /// Deletes at most about `budget` rows of the habits of `ownerID` and their days; true while
    /// some are left.
    static func discardHabits(of ownerID: String, budget: Int, in db: Database) throws -> Bool {
        var budget = budget
        let habits = try Row.fetchAll(db, sql: "SELECT id, trackCount FROM habit WHERE deviceID = ? ORDER BY id", arguments: [ownerID])
        for row in habits {
            guard budget > 0 else { return true }
            let id: Int64 = row["id"], days: Int = row["trackCount"]
            if days < budget {
                try db.execute(sql: "DELETE FROM habit WHERE id = ?", arguments: [id])
                budget -= days + 1
            } else {
                try db.execute(sql: """
                    DELETE FROM habitTrack WHERE habitID = ?1 AND day IN (SELECT day FROM habitTrack WHERE habitID = ?1 ORDER BY day LIMIT ?2)
                    """, arguments: [id, budget])
                return true
            }
        }
        return false
    }

    /// What was staged is all still there (nothing else writes under a staging owner, but a
    /// hand-over that moved less than was staged would lose habits without a word).
    private static func checkStaged(_ ids: [Int64], under staging: StagingOwner, in db: Database) throws {
        let staged = try Int64.fetchAll(db, sql: "SELECT id FROM habit WHERE deviceID = ? ORDER BY id", arguments: [staging.rawValue])
        guard staged == ids else { throw StagedWriteLost() }
    }
}
