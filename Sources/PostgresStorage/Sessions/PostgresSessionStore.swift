import Devices
import Foundation
import PostgresNIO

/// Sessions and link grants on PostgreSQL. Every claim of a grant reads its row `FOR UPDATE` in
/// the transaction that takes it or counts a wrong code against it: of two servers redeeming one
/// code at once, the second waits for the first's row lock, then finds the row gone, so one code
/// makes one session; of wrong codes arriving at once, each counts.
public struct PostgresSessionStore: SessionStore {
    let pool: PostgresPool

    public func session(_ id: SessionID) async throws -> BrowserSession? {
        try await Self.sessions(pool.query("""
            SELECT id, deviceID, name, createdAt, lastSeenAt, removedAt, replacedBy, removedBy, givenName FROM session WHERE id = \(id.rawValue)
            """)).first
    }

    public func open(_ session: BrowserSession) async throws -> BrowserSession {
        try await pool.write { [pool] connection in
            try await Self.insert(session, on: connection, of: pool)
            return try await Self.sessions(pool.run("""
                SELECT id, deviceID, name, createdAt, lastSeenAt, removedAt, replacedBy, removedBy, givenName FROM session WHERE id = \(session.id.rawValue)
                """, on: connection)).first ?? session
        }
    }

    public func sessions(of owner: DeviceID) async throws -> [BrowserSession] {
        try await Self.sessions(pool.query("""
            SELECT id, deviceID, name, createdAt, lastSeenAt, removedAt, replacedBy, removedBy, givenName FROM session
            WHERE deviceID = \(owner.rawValue) AND removedAt IS NULL ORDER BY createdAt, id
            """))
    }

    public func markSeen(_ id: SessionID, at date: Date) async throws {
        let since = date.addingTimeInterval(-BrowserSession.lastSeenInterval)
        try await pool.query("UPDATE session SET lastSeenAt = \(date) WHERE id = \(id.rawValue) AND lastSeenAt <= \(since)").drain()
    }

    public func remove(_ id: SessionID, of owner: DeviceID, by remover: SessionID, at date: Date) async throws -> Bool {
        try await !pool.query("""
            UPDATE session SET removedAt = \(date), removedBy = \(remover.rawValue)
            WHERE id = \(id.rawValue) AND deviceID = \(owner.rawValue) AND removedAt IS NULL
            RETURNING id
            """).isEmpty()
    }

    public func removals(of owner: DeviceID, since: Date) async throws -> [BrowserRemoval] {
        var removals: [BrowserRemoval] = []
        let rows = try await pool.query("""
            SELECT removed.id, removed.deviceID, removed.name, removed.createdAt, removed.lastSeenAt, removed.removedAt,
                removed.replacedBy, removed.removedBy, removed.givenName, remover.name
            FROM session AS removed LEFT JOIN session AS remover ON remover.id = removed.removedBy
            WHERE removed.deviceID = \(owner.rawValue) AND removed.removedAt >= \(since) AND removed.replacedBy IS NULL
            ORDER BY removed.removedAt DESC, removed.id
            """)
        for try await row in rows {
            let (id, owner, name, created, seen, removed, replacedBy, removedBy, givenName, removerName) = try row.decode(
                (String, String, String, Date, Date, Date?, String?, String?, String?, String?).self)
            guard let id = SessionID(id), let owner = DeviceID(owner) else { continue }
            removals.append(BrowserRemoval(
                removed: BrowserSession(
                    id: id, owner: owner, name: name, createdAt: created, lastSeenAt: seen, removedAt: removed,
                    replacedBy: replacedBy.flatMap(SessionID.init), removedBy: removedBy.flatMap(SessionID.init), givenName: givenName),
                removerName: removerName))
        }
        return removals
    }

    public func rename(_ id: SessionID, of owner: DeviceID, to name: String?) async throws -> Bool {
        try await !pool.query("""
            UPDATE session SET givenName = \(name)
            WHERE id = \(id.rawValue) AND deviceID = \(owner.rawValue) AND removedAt IS NULL
            RETURNING id
            """).isEmpty()
    }

    public func storeLink(_ grant: LinkGrant) async throws -> Bool {
        try await pool.write { [pool] connection in
            try await pool.run("DELETE FROM linkGrant WHERE expiresAt <= \(Date())", on: connection).drain()
            try await PostgresDeviceStore.ensure(grant.owner, on: connection, of: pool)
            return try await !pool.run("""
                INSERT INTO linkGrant (codeLookup, codeDigest, tokenDigest, deviceID, expiresAt)
                VALUES (\(grant.codeLookup), \(grant.codeDigest), \(grant.tokenDigest), \(grant.owner.rawValue), \(grant.expiresAt))
                ON CONFLICT (codeLookup) DO NOTHING RETURNING 1
                """, on: connection).isEmpty()
        }
    }

    /// A write, because a wrong code is counted.
    public func linkOwner(_ claim: LinkClaim, at date: Date) async throws -> LinkAnswer<DeviceID> {
        try await pool.write { [pool] connection in try await Self.grant(claim, at: date, on: connection, of: pool).map(\.owner) }
    }

    public func redeemLink(
        _ claim: LinkClaim, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
    ) async throws -> LinkAnswer<BrowserSession> {
        try await pool.write { [pool] connection in
            let grant: GoodGrant
            switch try await Self.grant(claim, at: date, on: connection, of: pool) {
            case .found(let found): grant = found
            case .notFound: return .notFound
            case .spent: return .spent
            }
            try await pool.run("DELETE FROM linkGrant WHERE codeDigest = \(grant.codeDigest)", on: connection).drain()
            if let replacing {
                try await pool.run(
                    "UPDATE session SET removedAt = \(date), replacedBy = \(id.rawValue) WHERE id = \(replacing.rawValue) AND removedAt IS NULL",
                    on: connection
                ).drain()
            }
            let session = BrowserSession(id: id, owner: grant.owner, name: name, createdAt: date)
            try await Self.insert(session, on: connection, of: pool)
            return .found(session)
        }
    }

    struct GoodGrant: Sendable, Hashable {
        let codeDigest: String
        let owner: DeviceID
    }

    /// The good grant `claim` names, its row locked until the transaction ends: of two servers
    /// claiming one grant at once, the second waits for the first, then reads the row as the first
    /// left it (taken: no row; a wrong code counted: one more). A typed code is judged by
    /// `LinkCodeTry`, whose wrong try is counted here.
    static func grant(
        _ claim: LinkClaim, at date: Date, on connection: PostgresConnection, of pool: PostgresPool
    ) async throws -> LinkAnswer<GoodGrant> {
        switch claim {
        case .token(let digest):
            let row = try await pool.run("""
                SELECT codeDigest, deviceID FROM linkGrant WHERE tokenDigest = \(digest) AND expiresAt > \(date) FOR UPDATE
                """, on: connection).rows((String, String).self).first
            guard let row, let owner = DeviceID(row.1) else { return .notFound }
            return .found(GoodGrant(codeDigest: row.0, owner: owner))
        case .code(let lookup, let digest):
            let row = try await pool.run("""
                SELECT codeDigest, deviceID, wrongCodeTries FROM linkGrant WHERE codeLookup = \(lookup) AND expiresAt > \(date) FOR UPDATE
                """, on: connection).rows((String, String, Int).self).first
            guard let (stored, owner, wrong) = row, let owner = DeviceID(owner) else { return .notFound }
            let attempt = LinkCodeTry(typedDigest: digest, storedDigest: stored, wrongTries: wrong)
            if attempt.countsAWrongTry {
                try await pool.run("UPDATE linkGrant SET wrongCodeTries = wrongCodeTries + 1 WHERE codeDigest = \(stored)", on: connection).drain()
            }
            return attempt.answer(GoodGrant(codeDigest: stored, owner: owner))
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
            let (id, owner, name, created, seen, removed, replacedBy, removedBy, givenName) = try row.decode(
                (String, String, String, Date, Date, Date?, String?, String?, String?).self)
            guard let id = SessionID(id), let owner = DeviceID(owner) else { continue }
            sessions.append(BrowserSession(
                id: id, owner: owner, name: name, createdAt: created, lastSeenAt: seen, removedAt: removed,
                replacedBy: replacedBy.flatMap(SessionID.init), removedBy: removedBy.flatMap(SessionID.init), givenName: givenName))
        }
        return sessions
    }
}
