import Devices
import Foundation
import GRDB
import Habits

/// `HabitReminderStore` on SQLite, seeing only one owner's habits and browsers.
public struct SQLiteHabitReminderStore: HabitReminderStore {
    let pool: DatabasePool
    public let owner: DeviceID

    public func reminderHabitIDs() async throws -> Set<Int64> {
        try await pool.read { [owner] db in
            Set(try Int64.fetchAll(db, sql: """
                SELECT r.habitID FROM habit h JOIN habitReminder r ON r.habitID = h.id WHERE h.deviceID = ?
                """, arguments: [owner.rawValue]))
        }
    }

    public func setReminder(habitID: Int64, isOn: Bool) async throws -> Bool {
        try await pool.write { [owner] db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM habit WHERE id = ? AND deviceID = ?)",
                                    arguments: [habitID, owner.rawValue]) == true else { return false }
            if isOn {
                try db.execute(sql: "INSERT OR IGNORE INTO habitReminder (habitID, dueAt) VALUES (?, NULL)", arguments: [habitID])
            } else {
                try db.execute(sql: "DELETE FROM habitReminder WHERE habitID = ?", arguments: [habitID])
            }
            return true
        }
    }

    public func subscribe(_ subscription: StoredPushSubscription, session: SessionID) async throws {
        try await pool.write { [owner] db in
            // A browser has one subscription (one worker): an older one of this session is stale. An
            // endpoint another session registered stays its own (issue 46, item 13): nothing moves.
            try db.execute(sql: "DELETE FROM pushSubscription WHERE sessionID = ? AND endpoint <> ?",
                           arguments: [session.rawValue, subscription.endpoint])
            try db.execute(sql: """
                INSERT INTO pushSubscription (endpoint, deviceID, sessionID, p256dh, auth, createdAt)
                SELECT ?1, ?2, ?3, ?4, ?5, ?6 FROM session WHERE id = ?3 AND deviceID = ?2 AND removedAt IS NULL
                ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
                    WHERE pushSubscription.sessionID = excluded.sessionID
                """, arguments: [subscription.endpoint, owner.rawValue, session.rawValue, subscription.p256dh, subscription.auth, Date()])
        }
    }

    public func unsubscribe(endpoint: String, session: SessionID) async throws -> Bool {
        try await pool.write { [owner] db in
            try db.execute(sql: "DELETE FROM pushSubscription WHERE endpoint = ? AND sessionID = ? AND deviceID = ?",
                           arguments: [endpoint, session.rawValue, owner.rawValue])
            return db.changesCount > 0
        }
    }

    public func subscriptions() async throws -> [StoredPushSubscription] {
        try await pool.read { [owner] db in try Self.subscriptions(of: owner.rawValue, in: db) }
    }

    static func subscriptions(of owner: String, in db: Database) throws -> [StoredPushSubscription] {
        try Row.fetchAll(db, sql: "SELECT endpoint, p256dh, auth FROM pushSubscription WHERE deviceID = ? ORDER BY createdAt, endpoint",
                         arguments: [owner])
            .map { StoredPushSubscription(endpoint: $0[0], p256dh: $0[1], auth: $0[2]) }
    }
}

/// `ReminderDispatchStore` on SQLite: one server owns the file, and a write transaction runs
/// alone, so a claim is simply the transaction that moves the rows on.
public struct SQLiteReminderDispatchStore: ReminderDispatchStore {
    let pool: DatabasePool

    /// The claim's first row-finding statement: reminders without a due instant (scheduled
    /// first). Its one argument is the claim's limit. Public for the plans the reminder benchmark
    /// reads (`EXPLAIN QUERY PLAN`), so that what it explains is what runs.
    public static let unscheduledSQL = """
        SELECT r.habitID, h.hour, h.minute, d.timeZone FROM habitReminder r
        JOIN habit h ON h.id = r.habitID JOIN device d ON d.id = h.deviceID
        WHERE r.dueAt IS NULL LIMIT ?
        """

    /// The claim's second row-finding statement: reminders due now, oldest first. Its arguments
    /// are the claim's instant and its limit.
    public static let dueSQL = """
        SELECT r.habitID, r.dueAt, h.name, h.hour, h.minute, h.deviceID, d.timeZone, d.language,
               h.scheduleTimes, h.scheduleDays, h.scheduleWeekdays FROM habitReminder r
        JOIN habit h ON h.id = r.habitID JOIN device d ON d.id = h.deviceID
        WHERE r.dueAt <= ? ORDER BY r.dueAt LIMIT ?
        """

    public func claimDue(at now: Date, limit: Int) async throws -> [DueReminder] {
        try await pool.write { db in
            let unscheduled = try Row.fetchAll(db, sql: Self.unscheduledSQL, arguments: [limit])
            for row in unscheduled {
                guard let time = TimeOfDay(hour: row[1], minute: row[2]) else { continue }
                let next = ReminderTime.next(after: now, at: time, in: ReminderClaim.zone(row[3])).instant
                try db.execute(sql: "UPDATE habitReminder SET dueAt = ? WHERE habitID = ?", arguments: [next, row[0] as Int64])
            }
            let due = try Row.fetchAll(db, sql: Self.dueSQL, arguments: [now, limit])
            var claimed: [DueReminder] = []
            for row in due {
                let habitID: Int64 = row[0]
                guard let time = TimeOfDay(hour: row[3], minute: row[4]) else {
                    try db.execute(sql: "DELETE FROM habitReminder WHERE habitID = ?", arguments: [habitID])
                    continue
                }
                let claim = ReminderClaim(dueAt: row[1], now: now, time: time, zone: ReminderClaim.zone(row[6]))
                try db.execute(sql: "UPDATE habitReminder SET dueAt = ? WHERE habitID = ?", arguments: [claim.nextDueAt, habitID])
                guard claim.isTimely,
                      let schedule = HabitSchedule(storedTimes: row[8], days: row[9], weekdays: row[10]),
                      schedule.asks(on: claim.day) else { continue }
                let tracked = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM habitTrack WHERE habitID = ? AND day = ?)",
                                                arguments: [habitID, claim.day.iso]) ?? false
                guard !tracked else { continue }
                if let earlier = claim.earlierDaysOfPeriod(schedule) {
                    let done = try Int.fetchOne(db, sql: "SELECT count(*) FROM habitTrack WHERE habitID = ? AND day >= ? AND day < ?",
                                                arguments: [habitID, earlier.lowerBound.iso, claim.day.iso]) ?? 0
                    guard schedule.isDue(on: claim.day, doneEarlierInPeriod: done) else { continue }
                }
                try db.execute(sql: "DELETE FROM reminderSent WHERE habitID = ? AND day < ?", arguments: [habitID, claim.day.adding(days: -2).iso])
                try db.execute(sql: "INSERT OR IGNORE INTO reminderSent (habitID, day, sentAt) VALUES (?, ?, ?)",
                               arguments: [habitID, claim.day.iso, now])
                guard db.changesCount > 0 else { continue }
                let owner: String = row[5]
                guard let ownerID = DeviceID(owner) else { continue }
                claimed.append(DueReminder(
                    habitID: habitID, owner: ownerID, name: row[2], language: row[7], day: claim.day,
                    subscriptions: try SQLiteHabitReminderStore.subscriptions(of: owner, in: db)))
            }
            return claimed
        }
    }

    public func deleteSubscription(endpoint: String) async throws {
        try await pool.write { db in try db.execute(sql: "DELETE FROM pushSubscription WHERE endpoint = ?", arguments: [endpoint]) }
    }
}

extension AppDatabase {
    public func habitReminderStore(owner: DeviceID) -> SQLiteHabitReminderStore {
        SQLiteHabitReminderStore(pool: pool, owner: owner)
    }

    public var reminderDispatch: SQLiteReminderDispatchStore { SQLiteReminderDispatchStore(pool: pool) }
}
