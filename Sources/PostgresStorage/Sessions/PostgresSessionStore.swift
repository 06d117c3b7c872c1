import Devices
import Foundation
import PostgresNIO

/// Sessions and link grants on PostgreSQL. Redemption takes the grant with one `DELETE …
/// RETURNING` in the transaction that opens the session: of two servers redeeming one code at
/// once, the second's DELETE waits for the first's row lock, then finds the row gone and returns
/// nothing, so one code makes one session.
public struct PostgresSessionStore: SessionStore {
    let pool: PostgresPool

    public func session(_ id: SessionID) async throws -> BrowserSession? {
        try await Self.sessions(pool.query("""
            SELECT id, deviceID, name, createdAt, lastSeenAt, removedAt, replacedBy FROM session WHERE id = \(id.rawValue)
            """)).first
    }

    public func open(_ session: BrowserSession) async throws -> BrowserSession {
        try await pool.write { [pool] connection in
            try await Self.insert(session, on: connection, of: pool)
            return try await Self.sessions(pool.run("""
                SELECT id, deviceID, name, createdAt, lastSeenAt, removedAt, replacedBy FROM session WHERE id = \(session.id.rawValue)
                """, on: connection)).first ?? session
        }
    }

    public func sessions(of owner: DeviceID) async throws -> [BrowserSession] {
        try await Self.sessions(pool.query("""
            SELECT id, deviceID, name, createdAt, lastSeenAt, removedAt, replacedBy FROM session
            WHERE deviceID = \(owner.rawValue) AND removedAt IS NULL ORDER BY createdAt, id
            """))
    }

    public func markSeen(_ id: SessionID, at date: Date) async throws {
        let since = date.addingTimeInterval(-BrowserSession.lastSeenInterval)
        try await pool.query("UPDATE session SET lastSeenAt = \(date) WHERE id = \(id.rawValue) AND lastSeenAt <= \(since)").drain()
    }

    public func remove(_ id: SessionID, of owner: DeviceID, at date: Date) async throws -> Bool {
        try await !pool.query("""
            UPDATE session SET removedAt = \(date) WHERE id = \(id.rawValue) AND deviceID = \(owner.rawValue) AND removedAt IS NULL
            RETURNING id
            """).isEmpty()
    }

    public func storeLink(_ grant: LinkGrant) async throws {
        try await pool.write { [pool] connection in
            try await pool.run("DELETE FROM linkGrant WHERE expiresAt <= \(Date())", on: connection).drain()
            try await PostgresDeviceStore.ensure(grant.owner, on: connection, of: pool)
            try await pool.run("""
                INSERT INTO linkGrant (codeDigest, tokenDigest, deviceID, expiresAt)
                VALUES (\(grant.codeDigest), \(grant.tokenDigest), \(grant.owner.rawValue), \(grant.expiresAt))
                """, on: connection).drain()
        }
    }

    public func linkOwner(digest: String, at date: Date) async throws -> DeviceID? {
        try await pool.query("""
            SELECT deviceID FROM linkGrant WHERE (codeDigest = \(digest) OR tokenDigest = \(digest)) AND expiresAt > \(date)
            """).value(String.self).flatMap(DeviceID.init)
    }

    public func redeemLink(
        digest: String, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
    ) async throws -> BrowserSession? {
        try await pool.write { [pool] connection in
            guard let owner = try await pool.run("""
                DELETE FROM linkGrant WHERE (codeDigest = \(digest) OR tokenDigest = \(digest)) AND expiresAt > \(date)
                RETURNING deviceID
                """, on: connection).value(String.self).flatMap(DeviceID.init)
            else { return nil }
            if let replacing {
                try await pool.run(
                    "UPDATE session SET removedAt = \(date), replacedBy = \(id.rawValue) WHERE id = \(replacing.rawValue) AND removedAt IS NULL",
                    on: connection
                ).drain()
            }
            let session = BrowserSession(id: id, owner: owner, name: name, createdAt: date)
            try await Self.insert(session, on: connection, of: pool)
            return session
        }
    }

    static func insert(_ session: BrowserSession, on connection: PostgresConnection, of pool: PostgresPool) async throws {
        try await PostgresDeviceStore.ensure(session.owner, on: connection, of: pool)
        try await pool.run("""
            INSERT INTO session (id, deviceID, name, createdAt, lastSeenAt, removedAt)
            VALUES (\(session.id.rawValue), \(session.owner.rawValue), \(session.name), \(session.createdAt), \(session.lastSeenAt), \(session.removedAt))
            ON CONFLICT (id) DO NOTHING
            """, on: connection).drain()
    }

    static func sessions<Rows: AsyncSequence>(_ rows: Rows) async throws -> [BrowserSession] where Rows.Element == PostgresRow {
        var sessions: [BrowserSession] = []
        for try await row in rows {
            let (id, owner, name, created, seen, removed, replacedBy) = try row.decode((String, String, String, Date, Date, Date?, String?).self)
            guard let id = SessionID(id), let owner = DeviceID(owner) else { continue }
            sessions.append(BrowserSession(
                id: id, owner: owner, name: name, createdAt: created, lastSeenAt: seen, removedAt: removed,
                replacedBy: replacedBy.flatMap(SessionID.init)))
        }
        return sessions
    }
}
