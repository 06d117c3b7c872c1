import Devices
import Logging
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

    /// - Parameters:
    ///   - poolSize: connections this server may open at most. Every server opens its own, so
    ///     servers × poolSize must stay under the server's `max_connections` with room to spare.
    ///   - statementTimeout: how long one statement may run (or wait for a lock) before PostgreSQL
    ///     cancels it: a request that needs the database fails within it rather than hanging.
    public convenience init(
        url: PostgresURL, poolSize: Int = 10, statementTimeout: Duration = .seconds(5), limits: OwnerLimits = .standard, logger: Logger
    ) {
        self.init(url: url, poolSize: poolSize, statementTimeout: statementTimeout, limits: limits, logger: logger, observer: nil)
    }

    /// - Parameter observer: told every statement the stores send (the plan test's view of them).
    package init(
        url: PostgresURL, poolSize: Int = 10, statementTimeout: Duration = .seconds(5), limits: OwnerLimits = .standard, logger: Logger,
        observer: PostgresStatementObserver?
    ) {
        self.url = url
        self.limits = limits
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
        try await PostgresMigrations.migrate(pool)
    }

    /// Throws unless PostgreSQL answers a query now (`/readyz`).
    public func ping() async throws {
        _ = try await pool.query("SELECT 1").values(Int.self)
    }

    /// Every migration this build knows, in the order they apply.
    public static var migrations: [String] { PostgresMigrations.all.map(\.id) }

    /// The migrations the database has.
    public func appliedMigrations() async throws -> [String] {
        try await PostgresMigrations.applied(pool)
    }

    public var devices: PostgresDeviceStore { PostgresDeviceStore(pool: pool) }

    public func carStore(owner: DeviceID) -> PostgresCarStore {
        PostgresCarStore(pool: pool, owner: owner, limit: limits.cars)
    }

    public func habitStore(owner: DeviceID) -> PostgresHabitStore {
        PostgresHabitStore(pool: pool, owner: owner, limit: limits.habits)
    }

    public func photoFeedStore(owner: DeviceID) -> PostgresPhotoFeedStore {
        PostgresPhotoFeedStore(pool: pool, owner: owner)
    }

    public func drawingSettingsStore(owner: DeviceID) -> PostgresDrawingSettingsStore {
        PostgresDrawingSettingsStore(pool: pool, owner: owner)
    }

    public func secretStore(owner: DeviceID, sealer: SecretSealer) -> PostgresSecretStore {
        PostgresSecretStore(pool: pool, owner: owner, sealer: sealer)
    }

    public var photoList: PostgresPhotoListArchive { PostgresPhotoListArchive(pool: pool) }

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
