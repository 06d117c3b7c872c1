import Devices
import Foundation
import Logging
import Persistence
import PostgresNIO
import SecretSealing
import ServiceLifecycle

/// The AppDeck database on PostgreSQL (issue 26): a `PostgresClient`, a pool of connections that
/// any number of servers share, and every app's stores on it, as `AppDatabase` has them on SQLite.
///
/// The client works only while `run()` does: run this value as a service of the `ServiceGroup`
/// (before the HTTP server in its list, so it stops after it), and query it, `migrate()` first,
/// only once `run()` has started. A lease before that waits for ever.
public final class PostgresAppDatabase: Service, Sendable {
    /// What the server is connected to, password masked: for logs.
    public let url: PostgresURL
    let pool: PostgresPool
    /// What each owner may keep; the stores refuse writes past it.
    public let limits: OwnerLimits
    /// The schema changes of the apps whose data it holds.
    let schema: PostgresMigrations

    /// - Parameters:
    ///   - apps: the apps whose data it holds (each app's `PostgresAppStorage`, from the deck's
    ///     registry; the devices table always).
    ///   - poolSize: connections this server may open at most. Every server opens its own, so
    ///     servers × poolSize must stay under the server's `max_connections` with room to spare.
    ///   - statementTimeout: how long one statement may run (or wait for a lock) before PostgreSQL
    ///     cancels it: a request that needs the database fails within it rather than hanging.
    public convenience init(
        url: PostgresURL, apps: [any PostgresAppStorage.Type], poolSize: Int = 10, statementTimeout: Duration = .seconds(5),
        limits: OwnerLimits = .standard, logger: Logger
    ) {
        self.init(
            url: url, apps: apps, poolSize: poolSize, statementTimeout: statementTimeout, limits: limits, logger: logger, observer: nil)
    }

    /// - Parameter observer: told every statement the stores send (the plan test's view of them).
    package init(
        url: PostgresURL, apps: [any PostgresAppStorage.Type], poolSize: Int = 10, statementTimeout: Duration = .seconds(5),
        limits: OwnerLimits = .standard, logger: Logger, observer: PostgresStatementObserver?
    ) {
        self.url = url
        self.limits = limits
        schema = PostgresMigrations(apps: apps)
        let configuration = Self.clientConfiguration(url: url, poolSize: poolSize, statementTimeout: statementTimeout)
        // A lease waits at most the statement timeout; during an outage a tenth of it (PoolLeases).
        pool = PostgresPool(
            client: PostgresClient(configuration: configuration, backgroundLogger: logger), logger: logger,
            connectionWait: statementTimeout, observer: observer)
    }

    /// Runs the connection pool until the task is cancelled or the service group shuts down.
    public func run() async {
        await pool.client.run()
    }

    /// Brings the schema up to date, once, whatever other servers start at the same moment;
    /// returns the migrations this call applied.
    @discardableResult
    public func migrate() async throws -> [String] {
        try await schema.migrate(pool)
    }

    /// Throws unless PostgreSQL answers a query now (`/readyz`).
    public func ping() async throws {
        _ = try await pool.query("SELECT 1").values(Int.self)
    }

    /// Every migration of the database's apps, in the order they apply.
    public var migrations: [String] { schema.all.map(\.id) }

    /// The migrations the database has.
    public func appliedMigrations() async throws -> [String] {
        try await schema.applied(pool)
    }

    /// Everything `owner` keeps in each of `apps`, in that order, read in one snapshot.
    public func backup(of owner: DeviceID, apps: [any PostgresAppStorage.Type]) async throws -> [any AppBackupSection] {
        try await pool.snapshot { [pool] connection in
            var sections: [any AppBackupSection] = []
            for storage in apps {
                sections.append(try await Self.section(of: storage, owner: owner, in: PostgresTransaction(connection: connection, pool: pool)))
            }
            return sections
        }
    }

    /// Replaces what `owner` keeps in each of `apps` by its section of `sections` (in the same
    /// order), in one transaction: a section that cannot be restored leaves every app as it was.
    /// With `spending`, the preview's confirmation is spent first, in the same transaction
    /// (`AlreadyConfirmed` for a replay, nothing written).
    public func restore(
        _ sections: [any AppBackupSection], to apps: [any PostgresAppStorage.Type], for owner: DeviceID, spending: SpentConfirmation? = nil
    ) async throws {
        precondition(sections.count == apps.count, "one section per app")
        try await pool.write { [pool] connection in
            // The owner's writes take turns (as a limited add's do): a tick on another server waits.
            try await PostgresDeviceStore.lockForWriting(owner, on: connection, of: pool)
            try await spending?.spend(for: owner, at: Date(), on: connection, of: pool)
            for (storage, section) in zip(apps, sections) {
                try await Self.restore(section, to: storage, for: owner, in: PostgresTransaction(connection: connection, pool: pool))
            }
        }
    }

    private static func section<Storage: PostgresAppStorage>(
        of storage: Storage.Type, owner: DeviceID, in transaction: PostgresTransaction
    ) async throws -> any AppBackupSection {
        try await storage.backup(of: owner, in: transaction)
    }

    private static func restore<Storage: PostgresAppStorage>(
        _ section: any AppBackupSection, to storage: Storage.Type, for owner: DeviceID, in transaction: PostgresTransaction
    ) async throws {
        guard let backup = section as? Storage.Backup else {
            throw BackupRejected(section: "\(storage)", reason: "a section of another app")
        }
        try await storage.restore(backup, for: owner, in: transaction)
    }

    /// Everything `owner` keeps in `storage`'s app, read in one snapshot.
    public func backup<Storage: PostgresAppStorage>(_ storage: Storage.Type, of owner: DeviceID) async throws -> Storage.Backup {
        try await pool.snapshot { [pool] connection in
            try await storage.backup(of: owner, in: PostgresTransaction(connection: connection, pool: pool))
        }
    }

    /// Replaces what `owner` keeps in `storage`'s app by `backup`, in one transaction.
    public func restore<Storage: PostgresAppStorage>(_ backup: Storage.Backup, to storage: Storage.Type, for owner: DeviceID) async throws {
        try await pool.write { [pool] connection in
            try await storage.restore(backup, for: owner, in: PostgresTransaction(connection: connection, pool: pool))
        }
    }

    /// The driver's configuration. `prefer` and `require` encrypt without checking the server's
    /// certificate, as libpq's modes of those names do. Every connection starts with the statement
    /// timeout, and a transaction left idle is ended by the server after a minute.
    ///
    /// Every statement runs its generic plan (`plan_cache_mode`), planned once for any owner. A
    /// custom plan is made for the owner's id, and for an owner with most of a table PostgreSQL
    /// expects the next rows anywhere: issue 34's probe saw `/cars` walk `car_pkey` and drop the
    /// other owners' rows (10.7 ms warm, 248 ms cold; the generic plan's `car_deviceID` 0.13 ms). A
    /// page's cost must not depend on who else owns the table; the owner-first indexes serve every
    /// owner alike (`OwnerQueryPlanTests` checks each statement's plan on a skewed database).
    static func clientConfiguration(url: PostgresURL, poolSize: Int, statementTimeout: Duration) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch url.sslMode {
        case .disable: .disable
        case .prefer: .prefer(PostgresURL.tlsConfiguration)
        case .require: .require(PostgresURL.tlsConfiguration)
        }
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: tls)
        configuration.options.maximumConnections = max(poolSize, 1)
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.additionalStartupParameters = [
            ("application_name", "appdeck"),
            ("statement_timeout", "\(statementTimeout.wholeMilliseconds)"),
            ("idle_in_transaction_session_timeout", "60000"),
            ("plan_cache_mode", "force_generic_plan"),
        ]
        return configuration
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 (PostgreSQL reads 0 as "no timeout").
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(seconds * 1000 + attoseconds / 1_000_000_000_000_000, 1)
    }
}
