import Devices
import GRDB
import Persistence

/// One schema change of one app on SQLite. Never edit a shipped one; add the next.
public struct SQLiteMigration: Sendable {
    /// `<app>.<n>-<what>`, the id of the app's PostgreSQL migration that makes the same change.
    public let id: String
    /// The id the change had before issue 35 gave each app migrations of its own, if it had one:
    /// a database made then has it in its log, and the schema already has the change.
    public let formerID: String?
    let apply: @Sendable (Database) throws -> Void

    public init(_ id: String, formerly formerID: String? = nil, _ apply: @escaping @Sendable (Database) throws -> Void) {
        self.id = id
        self.formerID = formerID
        self.apply = apply
    }
}

/// One app's persistence on SQLite, kept in the app's folder of this target: its schema changes
/// and how one owner's data leaves and comes back (a backup). The deck's registry lists the apps
/// whose data a database holds; the devices table comes first whatever the list says, then the
/// sessions that present them (`SessionsSQLiteStorage`, no app's).
public protocol SQLiteAppStorage: SendableMetatype {
    associatedtype Backup: AppBackupSection
    /// The app's schema changes, oldest first.
    static var migrations: [SQLiteMigration] { get }
    /// Everything `owner` keeps in this app.
    static func backup(of owner: DeviceID, in db: Database) throws -> Backup
    /// Replaces what `owner` keeps in this app by `backup`, in the caller's write transaction.
    static func restore(_ backup: Backup, for owner: DeviceID, in db: Database) throws
    /// A restore in two parts (issue 46, item 3): what is written ahead under `staging`, in short
    /// transactions other writers interleave with, and the returned rest, which runs in the
    /// restore's one transaction. By default nothing is written ahead and the rest is `restore`;
    /// an app whose section can be large writes it ahead and only hands it over in the rest.
    static func stagedRestore(
        _ backup: Backup, for owner: DeviceID, under staging: StagingOwner, in pool: DatabasePool
    ) async throws -> @Sendable (Database) throws -> Void
}

extension SQLiteAppStorage {
    public static func stagedRestore(
        _ backup: Backup, for owner: DeviceID, under staging: StagingOwner, in pool: DatabasePool
    ) async throws -> @Sendable (Database) throws -> Void {
        { db in try restore(backup, for: owner, in: db) }
    }
}

/// The schema changes of a database that holds these apps' data, in the order they apply.
struct SQLiteSchema: Sendable {
    let migrations: [SQLiteMigration]

    init(apps: [any SQLiteAppStorage.Type]) {
        let others = apps.filter { $0 != DevicesSQLiteStorage.self }
        migrations = DevicesSQLiteStorage.migrations + SessionsSQLiteStorage.migrations + others.flatMap { $0.migrations }
    }

    var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations { migrator.registerMigration(migration.id, migrate: migration.apply) }
        return migrator
    }

    /// Brings the database up to this schema: former ids become today's, then what is missing applies.
    func migrate(_ writer: some DatabaseWriter) throws {
        try writer.write { db in try adoptFormerIDs(db) }
        try migrator.migrate(writer)
    }

    /// A database made before issue 35 logs its changes by their former ids: each is logged under
    /// its id of today instead (several of today's may share one former id), so nothing applies twice.
    func adoptFormerIDs(_ db: Database) throws {
        guard try db.tableExists("grdb_migrations") else { return }
        let logged = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        let former = Set(migrations.compactMap(\.formerID)).intersection(logged)
        guard !former.isEmpty else { return }
        for migration in migrations where migration.formerID.map(former.contains) == true && !logged.contains(migration.id) {
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.id])
        }
        for id in former { try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [id]) }
    }
}
