import Devices
import Foundation
import GRDB

/// Sessions and link grants on SQLite. One writer at a time, and redemption deletes the grant with
/// `RETURNING` in the transaction that opens the session: a grant is taken once.
public struct SQLiteSessionStore: SessionStore {
    let pool: DatabasePool

    public func session(_ id: SessionID) async throws -> BrowserSession? {
        try await pool.read { db in try Self.session(id, in: db) }
    }

    public func open(_ session: BrowserSession) async throws -> BrowserSession {
        try await pool.write { db in
            try Self.insert(session, in: db)
            return try Self.session(session.id, in: db) ?? session
        }
    }

    public func sessions(of owner: DeviceID) async throws -> [BrowserSession] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM session WHERE deviceID = ? AND removedAt IS NULL ORDER BY createdAt, id
                """, arguments: [owner.rawValue]).compactMap(Self.session(from:))
        }
    }

    public func markSeen(_ id: SessionID, at date: Date) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE session SET lastSeenAt = ? WHERE id = ? AND lastSeenAt <= ?",
                arguments: [date, id.rawValue, date.addingTimeInterval(-BrowserSession.lastSeenInterval)])
        }
    }

    public func remove(_ id: SessionID, of owner: DeviceID, at date: Date) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE session SET removedAt = ? WHERE id = ? AND deviceID = ? AND removedAt IS NULL",
                arguments: [date, id.rawValue, owner.rawValue])
            return db.changesCount == 1
        }
    }

    public func storeLink(_ grant: LinkGrant) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM linkGrant WHERE expiresAt <= ?", arguments: [Date()])
            try DeviceStore.ensure(grant.owner, in: db)
            try db.execute(
                sql: "INSERT INTO linkGrant (codeDigest, tokenDigest, deviceID, expiresAt) VALUES (?, ?, ?, ?)",
                arguments: [grant.codeDigest, grant.tokenDigest, grant.owner.rawValue, grant.expiresAt])
        }
    }

    public func linkOwner(digest: String, at date: Date) async throws -> DeviceID? {
        try await pool.read { db in
            try String.fetchOne(db, sql: """
                SELECT deviceID FROM linkGrant WHERE (codeDigest = ? OR tokenDigest = ?) AND expiresAt > ?
                """, arguments: [digest, digest, date]).flatMap(DeviceID.init)
        }
    }

    public func redeemLink(
        digest: String, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
    ) async throws -> BrowserSession? {
        try await pool.write { db in
            guard let owner = try String.fetchOne(db, sql: """
                DELETE FROM linkGrant WHERE (codeDigest = ? OR tokenDigest = ?) AND expiresAt > ? RETURNING deviceID
                """, arguments: [digest, digest, date]).flatMap(DeviceID.init)
            else { return nil }
            if let replacing {
                try db.execute(
                    sql: "UPDATE session SET removedAt = ?, replacedBy = ? WHERE id = ? AND removedAt IS NULL",
                    arguments: [date, id.rawValue, replacing.rawValue])
            }
            let session = BrowserSession(id: id, owner: owner, name: name, createdAt: date)
            try Self.insert(session, in: db)
            return session
        }
    }

    static func insert(_ session: BrowserSession, in db: Database) throws {
        try DeviceStore.ensure(session.owner, in: db)
        try db.execute(sql: """
            INSERT OR IGNORE INTO session (id, deviceID, name, createdAt, lastSeenAt, removedAt) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [session.id.rawValue, session.owner.rawValue, session.name, session.createdAt, session.lastSeenAt, session.removedAt])
    }

    static func session(_ id: SessionID, in db: Database) throws -> BrowserSession? {
        try Row.fetchOne(db, sql: "SELECT * FROM session WHERE id = ?", arguments: [id.rawValue]).flatMap(session(from:))
    }

    static func session(from row: Row) -> BrowserSession? {
        guard let id = SessionID(row["id"]), let owner = DeviceID(row["deviceID"]) else { return nil }
        return BrowserSession(
            id: id, owner: owner, name: row["name"], createdAt: row["createdAt"], lastSeenAt: row["lastSeenAt"], removedAt: row["removedAt"],
            replacedBy: (row["replacedBy"] as String?).flatMap(SessionID.init))
    }
}
