import Devices
import Foundation
import GRDB
import SecretSealing

/// The AppDeck database: one SQLite file in WAL mode behind a GRDB `DatabasePool`,
/// brought up to date by versioned migrations when opened.
public final class AppDatabase: Sendable {
    let pool: DatabasePool
    /// What each owner may keep; the stores refuse writes past it.
    public let limits: OwnerLimits

    private init(pool: DatabasePool, limits: OwnerLimits) {
        self.pool = pool
        self.limits = limits
    }

    /// Opens (creating if needed) the database file at `url` and migrates it.
    public static func open(at url: URL, limits: OwnerLimits = .standard) throws -> AppDatabase {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        try Migrations.migrator.migrate(pool)
        return AppDatabase(pool: pool, limits: limits)
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

    /// Closes the pool; later use throws.
    public func close() throws {
        try pool.close()
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
