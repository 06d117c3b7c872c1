import Devices
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif
import SecretSealing
import Synchronization

/// The AppDeck database: one SQLite file in WAL mode behind a GRDB `DatabasePool`,
/// brought up to date by versioned migrations when opened.
public final class AppDatabase: Sendable {
    let pool: DatabasePool
    /// What each owner may keep; the stores refuse writes past it.
    public let limits: OwnerLimits
    /// Whether `close()` was called (it folds the WAL into the file once).
    private let closing = Mutex(false)

    private init(pool: DatabasePool, limits: OwnerLimits) {
        self.pool = pool
        self.limits = limits
    }

    /// Opens (creating if needed) the database file at `url` and migrates it.
    ///
    /// The file holds every device id, so only its owner may read it (issue 33): it is created
    /// 0600, and one found wider (made by an older AppDeck, or copied under another umask) is
    /// narrowed, its `-wal` and `-shm` too. SQLite gives the `-wal` and `-shm` it creates the
    /// database file's mode whatever the umask, so they are 0600 as well. A folder made here is 0700.
    public static func open(at url: URL, limits: OwnerLimits = .standard) throws -> AppDatabase {
        try open(at: url, limits: limits, observer: nil)
    }

    /// `open(at:limits:)`, with `observer` told the SQL of every statement any connection runs
    /// (the plan test's view of what the stores run; issue 34).
    package static func open(at url: URL, limits: OwnerLimits = .standard, observer: (@Sendable (String) -> Void)?) throws -> AppDatabase {
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
        try Migrations.migrator.migrate(pool)
        return AppDatabase(pool: pool, limits: limits)
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

    /// The migrations applied so far, oldest first.
    /// Every migration this build knows, in the order they apply.
    public static var migrations: [String] { Migrations.migrator.migrations }

    public func appliedMigrations() throws -> [String] {
        try pool.read { db in try Migrations.migrator.appliedMigrations(db) }
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

    public var devices: DeviceStore { DeviceStore(pool: pool) }

    public func carStore(owner: DeviceID) -> SQLiteCarStore {
        SQLiteCarStore(pool: pool, owner: owner, limit: limits.cars)
    }

    public func habitStore(owner: DeviceID) -> SQLiteHabitStore {
        SQLiteHabitStore(pool: pool, owner: owner, limit: limits.habits)
    }

    public func photoFeedStore(owner: DeviceID) -> SQLitePhotoFeedStore {
        SQLitePhotoFeedStore(pool: pool, owner: owner)
    }

    public func drawingSettingsStore(owner: DeviceID) -> SQLiteDrawingSettingsStore {
        SQLiteDrawingSettingsStore(pool: pool, owner: owner)
    }

    public func secretStore(owner: DeviceID, sealer: SecretSealer) -> SQLiteSecretStore {
        SQLiteSecretStore(pool: pool, owner: owner, sealer: sealer)
    }

    public var photoList: SQLitePhotoListArchive { SQLitePhotoListArchive(pool: pool) }
}
