import Devices
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif
import Persistence
import SecretSealing
import Synchronization

/// The AppDeck database: one SQLite file in WAL mode behind a GRDB `DatabasePool`,
/// brought up to date by versioned migrations when opened.
public final class AppDatabase: Sendable {
    let pool: DatabasePool
    /// What each owner may keep; the stores refuse writes past it.
    public let limits: OwnerLimits
    /// The schema changes of the apps whose data it holds.
    let schema: SQLiteSchema
    /// Whether `close()` was called (it folds the WAL into the file once).
    private let closing = Mutex(false)

    private init(pool: DatabasePool, limits: OwnerLimits, schema: SQLiteSchema) {
        self.pool = pool
        self.limits = limits
        self.schema = schema
    }

    /// Opens (creating if needed) the database file at `url` and migrates it to hold the data of
    /// `apps` (each app's `SQLiteAppStorage`, from the deck's registry; the devices table always).
    ///
    /// The file holds every device id, so only its owner may read it (issue 33): it is created
    /// 0600, and one found wider (made by an older AppDeck, or copied under another umask) is
    /// narrowed, its `-wal` and `-shm` too. SQLite gives the `-wal` and `-shm` it creates the
    /// database file's mode whatever the umask, so they are 0600 as well. A folder made here is 0700.
    public static func open(at url: URL, apps: [any SQLiteAppStorage.Type], limits: OwnerLimits = .standard) throws -> AppDatabase {
        try open(at: url, apps: apps, limits: limits, observer: nil)
    }

    /// `open(at:apps:limits:)`, with `observer` told the SQL of every statement any connection runs
    /// (the plan test's view of what the stores run; issue 34).
    package static func open(
        at url: URL, apps: [any SQLiteAppStorage.Type], limits: OwnerLimits = .standard, observer: (@Sendable (String) -> Void)?
    ) throws -> AppDatabase {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        makeOwnerOnly(url, creating: true)
        for suffix in ["-wal", "-shm"] { makeOwnerOnly(URL(fileURLWithPath: url.path + suffix), creating: false) }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        if let observer {
            configuration.prepareDatabase { db in
                db.trace(options: .statement) { event in
                    if case .statement(let statement) = event { observer(statement.sql) }
                }
            }
        }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        let schema = SQLiteSchema(apps: apps)
        try schema.migrate(pool)
        try StagingOwner.discardLeftovers(in: pool)
        return AppDatabase(pool: pool, limits: limits, schema: schema)
    }

    /// Creates `file` empty with mode 0600 when `creating` and it is missing; takes the group's and
    /// others' permissions off one that exists. Best effort: a file this process may not open or
    /// change is left for SQLite, whose error says more.
    static func makeOwnerOnly(_ file: URL, creating: Bool) {
        let descriptor = file.path.withCString { path in
            creating ? Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) : Glibc.open(path, O_RDONLY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return }
        defer { Glibc.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & 0o077 != 0 else { return }
        _ = fchmod(descriptor, status.st_mode & 0o700)
    }

    /// Every migration of the database's apps, in the order they apply.
    public var migrations: [String] { schema.migrations.map(\.id) }

    /// The migrations applied so far, in the order they apply.
    public func appliedMigrations() throws -> [String] {
        try pool.read { db in try schema.migrator.appliedMigrations(db) }
    }

    /// Everything `owner` keeps in each of `apps`, in that order, read in one snapshot.
    public func backup(of owner: DeviceID, apps: [any SQLiteAppStorage.Type]) async throws -> [any AppBackupSection] {
        try await pool.read { db in try apps.map { try Self.section(of: $0, owner: owner, in: db) } }
    }

    /// Replaces what `owner` keeps in each of `apps` by its section of `sections` (in the same
    /// order), all or nothing: what an app writes ahead goes under a staging owner in short
    /// transactions (`SQLiteAppStorage.stagedRestore`), then one short transaction hands every
    /// section over, and the owner's former data is discarded under the staging owner, again in
    /// short transactions (issue 46, item 3). A section that cannot be restored leaves every app
    /// as it was. With `spending`, the preview's confirmation is spent in the hand-over
    /// (`AlreadyConfirmed` for a replay, nothing written).
    public func restore(
        _ sections: [any AppBackupSection], to apps: [any SQLiteAppStorage.Type], for owner: DeviceID, spending: SpentConfirmation? = nil
    ) async throws {
        precondition(sections.count == apps.count, "one section per app")
        let staging = StagingOwner.make()
        try await pool.write { db in try staging.register(in: db) }
        do {
            var handOvers: [@Sendable (Database) throws -> Void] = []
            for (storage, section) in zip(apps, sections) {
                handOvers.append(try await stage(section, to: storage, for: owner, under: staging))
            }
            try await pool.write { [handOvers] db in
                try spending?.spend(for: owner, at: Date(), in: db)
                for handOver in handOvers { try handOver(db) }
            }
        } catch {
            try? await staging.discard(in: pool)
            throw error
        }
        try? await staging.discard(in: pool)
    }

    private static func section<Storage: SQLiteAppStorage>(of storage: Storage.Type, owner: DeviceID, in db: Database) throws -> any AppBackupSection {
        try storage.backup(of: owner, in: db)
    }

    private func stage<Storage: SQLiteAppStorage>(
        _ section: any AppBackupSection, to storage: Storage.Type, for owner: DeviceID, under staging: StagingOwner
    ) async throws -> @Sendable (Database) throws -> Void {
        guard let backup = section as? Storage.Backup else {
            throw BackupRejected(section: "\(storage)", reason: "a section of another app")
        }
        return try await storage.stagedRestore(backup, for: owner, under: staging, in: pool)
    }

    /// Everything `owner` keeps in `storage`'s app, read in one snapshot.
    public func backup<Storage: SQLiteAppStorage>(_ storage: Storage.Type, of owner: DeviceID) async throws -> Storage.Backup {
        try await pool.read { db in try storage.backup(of: owner, in: db) }
    }

    /// Replaces what `owner` keeps in `storage`'s app by `backup`, in one transaction.
    public func restore<Storage: SQLiteAppStorage>(_ backup: Storage.Backup, to storage: Storage.Type, for owner: DeviceID) async throws {
        try await pool.write { db in try storage.restore(backup, for: owner, in: db) }
    }

    /// The journal mode SQLite reports ("wal" for a pool).
    public func journalMode() throws -> String {
        try pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// Throws unless the database answers a query now (`/readyz`, issue 26).
    public func ping() async throws {
        try await pool.read { db in try db.execute(sql: "SELECT 1") }
    }

    /// Folds the WAL into the file, then closes the pool; later use throws.
    ///
    /// SQLite folds it in itself when the last connection closes, but GRDB closes its writer before
    /// its readers, which are read-only and may not: without this, a server that stopped cleanly
    /// left every write since the last automatic checkpoint in `appdeck.sqlite-wal`, and a copy of
    /// `appdeck.sqlite` alone lacked them (issue 33). Best effort: a reader still busy only leaves
    /// the WAL as it was.
    public func close() throws {
        try closing.withLock { started in
            // Only on the first call: GRDB's closed connection has no SQLite handle left, and a
            // checkpoint through it would hand SQLite a null one.
            if !started {
                started = true
                _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            }
            try pool.close()
        }
    }
}
