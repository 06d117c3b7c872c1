import Devices
import Foundation
import GRDB

/// An owner no browser is (issue 46, item 3): a large import or restore is written under one in
/// short transactions, which other devices' writes interleave with, and handed to its real owner
/// in one short transaction at the end. SQLite has one writer; a file of half a million days
/// written in one transaction held it for half a minute.
///
/// Its id is no `DeviceID` (those are 32 hex digits), so no cookie ever names it, and it is a row
/// of `device`, so what is staged under it keeps every constraint and cascade of real data. A
/// staging owner is discarded once its write ends, however it ends; one a crash left behind is
/// discarded when the database is next opened.
public struct StagingOwner: Sendable, Hashable {
    static let prefix = "staged-"
    /// How many rows one staging or discarding transaction writes: tens of milliseconds of the
    /// writer, so another device's write waits at most about that long.
    static let rowsPerTransaction = 2_000

    let rawValue: String

    static func make() -> StagingOwner { StagingOwner(rawValue: prefix + DeviceID.random().rawValue) }

    /// Adds its `device` row.
    func register(in db: Database) throws {
        try db.execute(sql: "INSERT INTO device (id, createdAt) VALUES (?, ?)", arguments: [rawValue, Date()])
    }

    /// Runs `step` on a cursor from `start`, each time in a transaction of its own, as long as it
    /// says more is left; the cursor as the last step left it. A step that throws rolls its own
    /// transaction back, and the error ends the loop.
    static func inShortTransactions<Cursor: Sendable>(
        _ pool: DatabasePool, from start: Cursor, _ step: @escaping @Sendable (Database, inout Cursor) throws -> Bool
    ) async throws -> Cursor {
        var cursor = start
        var more = true
        while more {
            (cursor, more) = try await pool.write { [cursor] db in
                var next = cursor
                let again = try step(db, &next)
                return (next, again)
            }
        }
        return cursor
    }

    /// Deletes what is staged under it (the habits' days a transaction's worth at a time), then
    /// its row. Meant to end every staged write; a failure here leaves it for the next opening.
    func discard(in pool: DatabasePool) async throws {
        _ = try await Self.inShortTransactions(pool, from: self) { db, owner in try owner.discardStep(in: db) }
    }

    /// One transaction's worth of discarding; true while more is left.
    private func discardStep(in db: Database) throws -> Bool {
        // A database without MyHabits (the console's) stages nothing but has no `habit` table to ask.
        if try db.tableExists("habit"), try SQLiteHabitStaging.discardHabits(of: rawValue, budget: Self.rowsPerTransaction, in: db) {
            return true
        }
        try db.execute(sql: "DELETE FROM device WHERE id = ?", arguments: [rawValue])
        return false
    }

    /// Discards every staging owner a stopped process left (at opening, before any request).
    static func discardLeftovers(in pool: DatabasePool) throws {
        // Asked of the writer: a reader connection opened here would keep the `-wal` file after
        // `close()`, which then no longer tells a file copied without it.
        let leftovers = try pool.write { db in
            // A range of the primary key: "staged-" up to "staged." ('.' follows '-').
            try String.fetchAll(db, sql: "SELECT id FROM device WHERE id >= 'staged-' AND id < 'staged.'")
        }
        for owner in leftovers.map(StagingOwner.init(rawValue:)) {
            while try pool.write({ db in try owner.discardStep(in: db) }) {}
        }
    }
}

/// A staged write's rows were not all there at its hand-over: nothing was handed over.
struct StagedWriteLost: Error {}
