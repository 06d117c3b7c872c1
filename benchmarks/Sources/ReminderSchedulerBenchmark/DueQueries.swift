import Foundation
import GRDB
import PostgresNIO
import PostgresStorage
import Storage

/// The claim's two row-finding statements, for their plans: the stores' own
/// (`SQLiteReminderDispatchStore.unscheduledSQL`, `PostgresReminderDispatchStore.dueQuery` …), so
/// the plans read are those of the statements `claimDue` runs, never of a copy.
enum DueQueries {
    static let unscheduled = "reminders without a due instant (scheduled first)"
    static let due = "reminders due now, oldest first"

    /// Each statement with its arguments, as `claimDue` binds them.
    static func sqlite(at now: Date, limit: Int) -> [(String, String, StatementArguments)] {
        [
            (unscheduled, SQLiteReminderDispatchStore.unscheduledSQL, [limit]),
            (due, SQLiteReminderDispatchStore.dueSQL, [now, limit]),
        ]
    }

    /// Each statement's text (its parameters `$1`, `$2`, whose types PostgreSQL infers on
    /// `PREPARE` as it does when the store sends them) and its arguments written as literals,
    /// for `EXPLAIN EXECUTE`.
    static func postgres(at now: Date, limit: Int) -> [(String, String, String)] {
        let instant = "'\(ISO8601DateFormatter().string(from: now))'"
        return [
            (unscheduled, PostgresReminderDispatchStore.unscheduledQuery(limit: limit).sql, "(\(limit))"),
            (due, PostgresReminderDispatchStore.dueQuery(at: now, limit: limit).sql, "(\(instant), \(limit))"),
        ]
    }
}
