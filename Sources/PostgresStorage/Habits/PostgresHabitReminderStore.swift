import Devices
import Foundation
import Habits
import PostgresNIO

/// `HabitReminderStore` on PostgreSQL, seeing only one owner's habits and browsers.
public struct PostgresHabitReminderStore: HabitReminderStore {
    let pool: PostgresPool
    public let owner: DeviceID

    public func reminderHabitIDs() async throws -> Set<Int64> {
        Set(try await pool.query("""
            SELECT r.habitID FROM habit h JOIN habitReminder r ON r.habitID = h.id WHERE h.deviceID = \(owner.rawValue)
            """).values(Int64.self))
    }

    /// One statement: whether the habit is this owner's, and the change.
    public func setReminder(habitID: Int64, isOn: Bool) async throws -> Bool {
        let query: PostgresQuery = isOn
            ? """
            WITH owned AS (SELECT id FROM habit WHERE id = \(habitID) AND deviceID = \(owner.rawValue)),
                 added AS (INSERT INTO habitReminder (habitID) SELECT id FROM owned ON CONFLICT (habitID) DO NOTHING)
            SELECT id FROM owned
            """
            : """
            WITH owned AS (SELECT id FROM habit WHERE id = \(habitID) AND deviceID = \(owner.rawValue)),
                 removed AS (DELETE FROM habitReminder WHERE habitID IN (SELECT id FROM owned))
            SELECT id FROM owned
            """
        return try await !pool.query(query).isEmpty()
    }

    public func subscribe(_ subscription: StoredPushSubscription, session: SessionID) async throws {
        try await pool.write { [owner, pool] connection in
            // A browser has one subscription (one worker): an older one of this session is stale. An
            // endpoint another session registered stays its own (issue 46, item 13): nothing moves.
            try await pool.run("""
                DELETE FROM pushSubscription WHERE sessionID = \(session.rawValue) AND endpoint <> \(subscription.endpoint)
                """, on: connection).drain()
            try await pool.run("""
                INSERT INTO pushSubscription (endpoint, deviceID, sessionID, p256dh, auth, createdAt)
                SELECT \(subscription.endpoint), deviceID, id, \(subscription.p256dh), \(subscription.auth), \(Date()) FROM session
                WHERE id = \(session.rawValue) AND deviceID = \(owner.rawValue) AND removedAt IS NULL
                ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth
                    WHERE pushSubscription.sessionID = excluded.sessionID
                """, on: connection).drain()
        }
    }

    public func unsubscribe(endpoint: String, session: SessionID) async throws -> Bool {
        try await !pool.query("""
            DELETE FROM pushSubscription WHERE endpoint = \(endpoint) AND sessionID = \(session.rawValue) AND deviceID = \(owner.rawValue)
            RETURNING 1
            """).isEmpty()
    }

    public func subscriptions() async throws -> [StoredPushSubscription] {
        try await pool.query(Self.subscriptionsQuery(of: owner.rawValue)).rows((String, String, String).self)
            .map { StoredPushSubscription(endpoint: $0.0, p256dh: $0.1, auth: $0.2) }
    }

    static func subscriptionsQuery(of owner: String) -> PostgresQuery {
        "SELECT endpoint, p256dh, auth FROM pushSubscription WHERE deviceID = \(owner) ORDER BY createdAt, endpoint"
    }
}

/// `ReminderDispatchStore` on PostgreSQL, shared by every server on the database.
///
/// Claims take the due rows with `SELECT … FOR UPDATE OF r SKIP LOCKED` in a short transaction
/// that moves each row's `dueAt` on and records its day in `reminderSent` before committing; the
/// notifications go out after the commit, so no row lock is held over a push service's answer.
/// Why row locks that skip rather than an advisory lock: every server's scheduler can work at
/// once on different rows (an advisory lock would make the others wait on one lock, or give up
/// the tick), a server that dies mid-claim gives its rows back with its transaction, and a row
/// another server holds is simply left to it. Once a claim commits, the row's `dueAt` is in the
/// future, so the next claim of any server passes it by; `reminderSent`'s primary key is a
/// second guard for the same day (a habit's time moved later after its reminder went out).
/// A server that dies between the commit and the send loses that one notification (at most
/// once, never twice).
public struct PostgresReminderDispatchStore: ReminderDispatchStore {
    let pool: PostgresPool

    /// The claim's first row-finding statement: up to `limit` reminders without a due instant
    /// (scheduled first), their rows locked. Public for the plans the reminder benchmark reads
    /// (`EXPLAIN`), so that what it explains is what runs.
    public static func unscheduledQuery(limit: Int) -> PostgresQuery {
        """
        SELECT r.habitID, h.hour, h.minute, d.timeZone FROM habitReminder r
        JOIN habit h ON h.id = r.habitID JOIN device d ON d.id = h.deviceID
        WHERE r.dueAt IS NULL LIMIT \(limit) FOR UPDATE OF r SKIP LOCKED
        """
    }

    /// The claim's second row-finding statement: up to `limit` reminders due at `now`, oldest
    /// first, their rows locked (another server's are skipped).
    public static func dueQuery(at now: Date, limit: Int) -> PostgresQuery {
        """
        SELECT r.habitID, r.dueAt, h.name, h.hour, h.minute, h.deviceID, d.timeZone, d.language,
               h.scheduleTimes, h.scheduleDays, h.scheduleWeekdays FROM habitReminder r
        JOIN habit h ON h.id = r.habitID JOIN device d ON d.id = h.deviceID
        WHERE r.dueAt <= \(now) ORDER BY r.dueAt LIMIT \(limit) FOR UPDATE OF r SKIP LOCKED
        """
    }

    public func claimDue(at now: Date, limit: Int) async throws -> [DueReminder] {
        try await pool.write { [pool] connection in
            let unscheduled = try await pool.run(Self.unscheduledQuery(limit: limit), on: connection)
                .rows((Int64, Int64, Int64, String?).self)
            for (habitID, hour, minute, zone) in unscheduled {
                guard let time = TimeOfDay(hour: Int(hour), minute: Int(minute)) else { continue }
                let next = ReminderTime.next(after: now, at: time, in: ReminderClaim.zone(zone)).instant
                try await pool.run("UPDATE habitReminder SET dueAt = \(next) WHERE habitID = \(habitID)", on: connection).drain()
            }
            let due = try await pool.run(Self.dueQuery(at: now, limit: limit), on: connection)
                .rows((Int64, Date, String, Int64, Int64, String, String?, String?, Int, Int, Int).self)
            var claimed: [DueReminder] = []
            for (habitID, dueAt, name, hour, minute, owner, zone, language, times, days, weekdays) in due {
                guard let time = TimeOfDay(hour: Int(hour), minute: Int(minute)) else {
                    try await pool.run("DELETE FROM habitReminder WHERE habitID = \(habitID)", on: connection).drain()
                    continue
                }
                let claim = ReminderClaim(dueAt: dueAt, now: now, time: time, zone: ReminderClaim.zone(zone))
                try await pool.run("UPDATE habitReminder SET dueAt = \(claim.nextDueAt) WHERE habitID = \(habitID)", on: connection).drain()
                guard claim.isTimely,
                      let schedule = HabitSchedule(storedTimes: times, days: days, weekdays: weekdays),
                      schedule.asks(on: claim.day) else { continue }
                if let earlier = claim.earlierDaysOfPeriod(schedule) {
                    let done = try await pool.run("""
                        SELECT count(*) FROM habitTrack WHERE habitID = \(habitID) AND day >= \(earlier.lowerBound.iso) AND day < \(claim.day.iso)
                        """, on: connection).value(Int.self) ?? 0
                    guard schedule.isDue(on: claim.day, doneEarlierInPeriod: done) else { continue }
                }
                let sent = try await pool.run("""
                    WITH pruned AS (DELETE FROM reminderSent WHERE habitID = \(habitID) AND day < \(claim.day.adding(days: -2).iso))
                    INSERT INTO reminderSent (habitID, day, sentAt)
                    SELECT \(habitID), \(claim.day.iso), \(now)
                    WHERE NOT EXISTS (SELECT 1 FROM habitTrack WHERE habitID = \(habitID) AND day = \(claim.day.iso))
                    ON CONFLICT (habitID, day) DO NOTHING RETURNING 1
                    """, on: connection).isEmpty()
                guard !sent, let ownerID = DeviceID(owner) else { continue }
                let subscriptions = try await pool.run(PostgresHabitReminderStore.subscriptionsQuery(of: owner), on: connection)
                    .rows((String, String, String).self).map { StoredPushSubscription(endpoint: $0.0, p256dh: $0.1, auth: $0.2) }
                claimed.append(DueReminder(habitID: habitID, owner: ownerID, name: name, language: language, day: claim.day, subscriptions: subscriptions))
            }
            return claimed
        }
    }

    public func deleteSubscription(endpoint: String) async throws {
        try await pool.query("DELETE FROM pushSubscription WHERE endpoint = \(endpoint)").drain()
    }
}

extension PostgresAppDatabase {
    public func habitReminderStore(owner: DeviceID) -> PostgresHabitReminderStore {
        PostgresHabitReminderStore(pool: pool, owner: owner)
    }

    public var reminderDispatch: PostgresReminderDispatchStore { PostgresReminderDispatchStore(pool: pool) }
}
