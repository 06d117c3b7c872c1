import Devices
import Foundation
import GRDB

/// Sessions and link grants on SQLite. One writer at a time: redemption finds and deletes the
/// grant in the transaction that opens the session, so a grant is taken once, and each wrong
/// code counts exactly once against its grant.
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

    public func remove(_ id: SessionID, of owner: DeviceID, by remover: SessionID, at date: Date) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE session SET removedAt = ?, removedBy = ? WHERE id = ? AND deviceID = ? AND removedAt IS NULL",
                arguments: [date, remover.rawValue, id.rawValue, owner.rawValue])
            return db.changesCount == 1
        }
    }

    public func removals(of owner: DeviceID, since: Date) async throws -> [BrowserRemoval] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT removed.*, remover.name AS removerName FROM session AS removed
                LEFT JOIN session AS remover ON remover.id = removed.removedBy
                WHERE removed.deviceID = ? AND removed.removedAt >= ? AND removed.replacedBy IS NULL
                ORDER BY removed.removedAt DESC, removed.id
                """, arguments: [owner.rawValue, since]).compactMap { row in
                Self.session(from: row).map { BrowserRemoval(removed: $0, removerName: row["removerName"]) }
            }
        }
    }

    public func rename(_ id: SessionID, of owner: DeviceID, to name: String?) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE session SET givenName = ? WHERE id = ? AND deviceID = ? AND removedAt IS NULL",
                arguments: [name, id.rawValue, owner.rawValue])
            return db.changesCount == 1
        }
    }

    public func storeLink(_ grant: LinkGrant) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM linkGrant WHERE expiresAt <= ?", arguments: [Date()])
            try DeviceStore.ensure(grant.owner, in: db)
            try db.execute(sql: """
                INSERT INTO linkGrant (codeLookup, codeDigest, tokenDigest, deviceID, expiresAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (codeLookup) DO NOTHING
                """, arguments: [grant.codeLookup, grant.codeDigest, grant.tokenDigest, grant.owner.rawValue, grant.expiresAt])
            return db.changesCount == 1
        }
    }

    /// A write, because a wrong code is counted.
    public func linkOwner(_ claim: LinkClaim, at date: Date) async throws -> LinkAnswer<DeviceID> {
        try await pool.write { db in try Self.grant(claim, at: date, in: db).map(\.owner) }
    }

    public func redeemLink(
        _ claim: LinkClaim, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
    ) async throws -> LinkAnswer<BrowserSession> {
        try await pool.write { db in
            let grant: GoodGrant
            switch try Self.grant(claim, at: date, in: db) {
            case .found(let found): grant = found
            case .notFound: return .notFound
            case .spent: return .spent
            }
            try db.execute(sql: "DELETE FROM linkGrant WHERE codeDigest = ?", arguments: [grant.codeDigest])
            if let replacing {
                try db.execute(
                    sql: "UPDATE session SET removedAt = ?, replacedBy = ? WHERE id = ? AND removedAt IS NULL",
                    arguments: [date, id.rawValue, replacing.rawValue])
            }
            let session = BrowserSession(id: id, owner: grant.owner, name: name, createdAt: date)
            try Self.insert(session, in: db)
            return .found(session)
        }
    }

    struct GoodGrant: Sendable, Hashable {
        let codeDigest: String
        let owner: DeviceID
    }

    /// The good grant `claim` names, in a write (SQLite runs one at a time, so the count of wrong
    /// codes is exact). A typed code is judged by `LinkCodeTry`, whose wrong try is counted here.
    static func grant(_ claim: LinkClaim, at date: Date, in db: Database) throws -> LinkAnswer<GoodGrant> {
        switch claim {
        case .token(let digest):
            let row = try Row.fetchOne(
                db, sql: "SELECT codeDigest, deviceID FROM linkGrant WHERE tokenDigest = ? AND expiresAt > ?", arguments: [digest, date])
            guard let row, let owner = DeviceID(row[1]) else { return .notFound }
            return .found(GoodGrant(codeDigest: row[0], owner: owner))
        case .code(let lookup, let digest):
            let row = try Row.fetchOne(db, sql: """
                SELECT codeDigest, deviceID, wrongCodeTries FROM linkGrant WHERE codeLookup = ? AND expiresAt > ?
                """, arguments: [lookup, date])
            guard let row, let owner = DeviceID(row[1]) else { return .notFound }
            let stored: String = row[0]
            let attempt = LinkCodeTry(typedDigest: digest, storedDigest: stored, wrongTries: row[2])
            if attempt.countsAWrongTry {
                try db.execute(sql: "UPDATE linkGrant SET wrongCodeTries = wrongCodeTries + 1 WHERE codeDigest = ?", arguments: [stored])
            }
            return attempt.answer(GoodGrant(codeDigest: stored, owner: owner))
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
            replacedBy: (row["replacedBy"] as String?).flatMap(SessionID.init), removedBy: (row["removedBy"] as String?).flatMap(SessionID.init),
            givenName: row["givenName"])
    }
}
