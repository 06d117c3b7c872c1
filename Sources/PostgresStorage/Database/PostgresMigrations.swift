import Devices
import Foundation
import Persistence
import PostgresNIO

/// One versioned schema change: statements run in order (the extended protocol takes one
/// statement per query). Never edit a shipped migration; add the next one.
public struct PostgresMigration: Sendable {
    /// `<app>.<n>-<what>`, the id of the app's SQLite migration that makes the same change.
    public let id: String
    /// The id the change had before issue 35 gave each app migrations of its own: a database made
    /// then logs it, and already has the change. Several of today's may share one (`v2-cars` made
    /// the table, both indexes and the counts at once).
    public let formerID: String?
    let statements: [String]

    public init(_ id: String, formerly formerID: String? = nil, _ statements: [String]) {
        self.id = id
        self.formerID = formerID
        self.statements = statements
    }
}

/// One app's persistence on PostgreSQL, kept in the app's folder of this target: its schema
/// changes (the same ids as its SQLite ones) and how one owner's data leaves and comes back.
public protocol PostgresAppStorage: SendableMetatype {
    associatedtype Backup: AppBackupSection
    static var migrations: [PostgresMigration] { get }
    /// Everything `owner` keeps in this app, read in `transaction`'s snapshot.
    static func backup(of owner: DeviceID, in transaction: PostgresTransaction) async throws -> Backup
    /// Replaces what `owner` keeps in this app by `backup`, in the caller's transaction.
    static func restore(_ backup: Backup, for owner: DeviceID, in transaction: PostgresTransaction) async throws
}

/// A transaction a store works in: every statement goes through the pool, which reports it.
public struct PostgresTransaction: Sendable {
    let connection: PostgresConnection
    let pool: PostgresPool

    @discardableResult
    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await pool.run(query, on: connection)
    }
}

/// The PostgreSQL schema of these apps, the same tables and columns as SQLite's (a test compares
/// them), translated as issue 26's probe found necessary: triggers are plpgsql functions, an
/// upsert that adds to a count aliases its table, calendar days compare bytewise (`COLLATE "C"`,
/// as SQLite compares text), ids are identities that a copy may also set. Names are unquoted, so
/// PostgreSQL keeps them lower-case. The devices table comes first, then the sessions that present
/// them (no app's), the servers' bookkeeping last.
struct PostgresMigrations: Sendable {
    let all: [PostgresMigration]

    init(apps: [any PostgresAppStorage.Type]) {
        let others = apps.filter { $0 != DevicesPostgresStorage.self }
        all = DevicesPostgresStorage.migrations + SessionsPostgresStorage.migrations + others.flatMap { $0.migrations } + Self.bookkeeping
    }

    /// What the servers sharing a database keep for themselves.
    static let bookkeeping = [
        // An HMAC of each key the servers sign and seal with, never the key: a server started
        // with other keys than the ones this database has seen refuses to start.
        PostgresMigration("keys.1-fingerprints", formerly: "v8-key-fingerprints", [
            """
            CREATE TABLE keyFingerprint (
                name text PRIMARY KEY,
                fingerprint text NOT NULL,
                recordedAt timestamptz NOT NULL
            )
            """,
        ]),
    ]

    /// The advisory lock every server takes before migrating ("appdeck" in ASCII): whoever comes
    /// second waits, then finds the work done.
    static let lockKey: Int64 = 0x61_7070_6465_636B

    /// Applies the migrations `applied` lacks, in one transaction under the advisory lock, and
    /// returns their ids. Servers starting together on an empty database take turns: without the
    /// lock, issue 26's probe saw 30 errors in 45 starts (a duplicate `pg_type` key among them,
    /// from two `CREATE TABLE IF NOT EXISTS` at once).
    func migrate(_ pool: PostgresPool) async throws -> [String] {
        try await pool.write { [all] connection in
            // Waiting for another server's migration is not a stuck statement.
            try await connection.query("SET LOCAL statement_timeout = '60s'", logger: pool.logger)
            _ = try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: pool.logger).isEmpty()
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS appliedMigration (id text PRIMARY KEY, appliedAt timestamptz NOT NULL)
                """, logger: pool.logger)
            var applied = Set(try await connection.query("SELECT id FROM appliedMigration", logger: pool.logger).values(String.self))
            // A database made before issue 35 logs its changes by their former ids: each is logged
            // under today's ids instead, so nothing applies twice.
            let former = Set(all.compactMap(\.formerID)).intersection(applied)
            for migration in all where migration.formerID.map(former.contains) == true && !applied.contains(migration.id) {
                try await connection.query(
                    "INSERT INTO appliedMigration (id, appliedAt) VALUES (\(migration.id), now())", logger: pool.logger)
                applied.insert(migration.id)
            }
            for id in former.sorted() {
                try await connection.query("DELETE FROM appliedMigration WHERE id = \(id)", logger: pool.logger)
            }
            var applying: [String] = []
            for migration in all where !applied.contains(migration.id) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: pool.logger)
                }
                try await connection.query(
                    "INSERT INTO appliedMigration (id, appliedAt) VALUES (\(migration.id), \(Date()))", logger: pool.logger)
                applying.append(migration.id)
            }
            return applying
        }
    }

    /// The migrations the database has: this build's in their order, then any a newer build added.
    func applied(_ pool: PostgresPool) async throws -> [String] {
        let ids = try await pool.snapshot { connection in
            let exists = try await connection.query(
                "SELECT to_regclass('appliedMigration') IS NOT NULL", logger: pool.logger).value(Bool.self) ?? false
            guard exists else { return [String]() }
            return try await connection.query("SELECT id FROM appliedMigration ORDER BY id", logger: pool.logger).values(String.self)
        }
        let known = all.map(\.id)
        return known.filter(ids.contains) + ids.filter { !known.contains($0) }
    }
}
