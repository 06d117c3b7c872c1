import ArgumentParser
import Foundation
import GitHubLive
import HTTPConnections
import Logging
import Metrics
import PhotosLive
import PostgresStorage
import Prometheus
import SecretSealing
import ServiceLifecycle
import Storage
import CompositionRoot
import WebShell

/// `appdeck`: serves every AppDeck app over HTTP until SIGINT/SIGTERM, then finishes in-flight
/// requests, closes the database and exits 0. Beside it, the tasks of running several servers on
/// one database (issue 26): `appdeck keys init`.
@main
struct AppDeckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appdeck",
        abstract: "Serve the AppDeck web apps.",
        discussion: "Each option can also be set by the environment variable shown; the option wins.",
        subcommands: [KeysCommand.self, MigrateDataCommand.self])

    @Option(help: "Address to listen on (APPDECK_HOST).")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one (APPDECK_PORT).")
    var port: Int?

    @Option(help: ArgumentHelp(
        "Port of the metrics listener, whose GET /metrics is the Prometheus text; 0 picks a free one (APPDECK_METRICS_PORT; default none: no metrics kept or served).",
        discussion: "Metrics are never served on --port."))
    var metricsPort: Int?

    @Option(help: "Address the metrics listener listens on (APPDECK_METRICS_HOST; default 127.0.0.1).")
    var metricsHost: String?

    @Option(help: "Directory for the database and keys (APPDECK_DATA_DIR; default $XDG_DATA_HOME/appdeck or ~/.local/share/appdeck).")
    var dataDir: String?

    @Option(help: "PostgreSQL for every app's data, postgres://user:password@host:port/database[?sslmode=disable|prefer|require] (APPDECK_DATABASE_URL, which keeps the password out of `ps`; default: SQLite in the data directory).")
    var databaseUrl: String?

    @Option(help: "Connections to PostgreSQL this server may open (APPDECK_DATABASE_POOL_SIZE; default 10). Servers x pool size must stay under the database's max_connections.")
    var databasePoolSize: Int?

    @Option(help: "Directory holding csrf.key and secrets.key (APPDECK_KEY_DIR; default the data directory, where they are made on first start).")
    var keyDir: String?

    @Option(help: "Comma-separated addresses of proxies in front of the server whose X-Forwarded-For names the client, for the access log and the write rate per address (APPDECK_TRUSTED_PROXIES; default none).")
    var trustedProxies: String?

    @Option(help: ArgumentHelp(
        "State-changing requests one device may make: BURST/PER_SECOND, or off (APPDECK_WRITE_RATE_PER_OWNER; default 200/1).",
        discussion: "Beyond it the answer is 429 with Retry-After. Raise it or turn it off only for load tests that seed through the forms."))
    var writeRatePerOwner: String?

    @Option(help: ArgumentHelp(
        "State-changing requests one client address (an IPv6 /64) may make: BURST/PER_SECOND, or off (APPDECK_WRITE_RATE_PER_ADDRESS; default 600/5).",
        discussion: "Behind a proxy, name it in --trusted-proxies, or every client shares the proxy's address."))
    var writeRatePerAddress: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (APPDECK_LOG_LEVEL).")
    var logLevel: String?

    @Option(help: "Base URL of the photo service (APPDECK_PHOTOS_API_URL; default https://jsonplaceholder.typicode.com).")
    var photosApiUrl: String?

    @Option(help: "Base URL of GitHub's REST API (APPDECK_GITHUB_API_URL; default https://api.github.com).")
    var githubApiUrl: String?

    @Option(help: ArgumentHelp(
        "Hosts the README image proxy may reach at private, loopback or link-local addresses, comma-separated: name or name:port (APPDECK_README_IMAGE_PRIVATE_HOSTS; default none).",
        discussion: "For test stand-ins only. Every other host's addresses are checked after DNS resolution and on every redirect."))
    var readmeImagePrivateHosts: String?

    @Option(help: "Seconds a new connection has to send a complete request head (APPDECK_HEADER_TIMEOUT; default 10).")
    var headerTimeout: Double?

    @Option(help: "Seconds a kept-alive connection may wait for its next request (APPDECK_IDLE_TIMEOUT; default 30).")
    var idleTimeout: Double?

    @Option(help: "Bytes per second a request body must keep up after a grace of the header timeout (APPDECK_MIN_BODY_RATE; default 1024).")
    var minBodyRate: Int?

    func run() async throws {
        Self.returnLargeBlocksToTheSystem()
        let environment = ProcessInfo.processInfo.environment
        let settings = try ServerSettings(
            host: host ?? environment["APPDECK_HOST"],
            port: port ?? environment["APPDECK_PORT"].flatMap(Int.init),
            metricsHost: metricsHost ?? environment["APPDECK_METRICS_HOST"],
            metricsPort: metricsPort ?? environment["APPDECK_METRICS_PORT"].flatMap { $0.isEmpty ? nil : Int($0) ?? -1 },
            dataDir: dataDir,
            keyDir: keyDir ?? environment["APPDECK_KEY_DIR"],
            databaseURL: databaseUrl ?? environment["APPDECK_DATABASE_URL"],
            databasePoolSize: databasePoolSize ?? environment["APPDECK_DATABASE_POOL_SIZE"].flatMap(Int.init),
            trustedProxies: trustedProxies ?? environment["APPDECK_TRUSTED_PROXIES"],
            writeRatePerOwner: writeRatePerOwner ?? environment["APPDECK_WRITE_RATE_PER_OWNER"],
            writeRatePerAddress: writeRatePerAddress ?? environment["APPDECK_WRITE_RATE_PER_ADDRESS"],
            logLevel: logLevel ?? environment["APPDECK_LOG_LEVEL"],
            headerTimeout: headerTimeout ?? environment["APPDECK_HEADER_TIMEOUT"].flatMap(Double.init),
            idleTimeout: idleTimeout ?? environment["APPDECK_IDLE_TIMEOUT"].flatMap(Double.init),
            minBodyRate: minBodyRate ?? environment["APPDECK_MIN_BODY_RATE"].flatMap(Int.init),
            photosAPIURL: photosApiUrl ?? environment["APPDECK_PHOTOS_API_URL"],
            githubAPIURL: githubApiUrl ?? environment["APPDECK_GITHUB_API_URL"],
            readmeImagePrivateHosts: readmeImagePrivateHosts ?? environment["APPDECK_README_IMAGE_PRIVATE_HOSTS"])

        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = settings.logLevel
            return handler
        }
        let logger = Logger(label: "appdeck")
        if let databaseUrl, Self.holdsPassword(databaseUrl) {
            logger.warning(
                "The database password was given with --database-url, on the command line, which ps and shell history show to others; set APPDECK_DATABASE_URL instead")
        }
        // With a metrics port, one registry for the process: Hummingbird's request metrics, the
        // upstream clients' and the database pool's go in through swift-metrics, and the metrics
        // listener prints it. Without one, nothing is kept (swift-metrics' no-op default).
        let metrics = settings.metricsPort.map { port -> MetricsListener in
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            return MetricsListener(host: settings.metricsHost, port: port, text: { registry.emitToBuffer() }, onRunning: { url in
                FileHandle.standardOutput.write(Data("AppDeck metrics at \(url)\n".utf8))
            })
        }

        try DataDirectory.prepare(settings.dataDirectory)
        // Keys others can read or replace are refused before anything uses them (issue 33).
        try settings.keys.checkPermissions(of: [KeyDirectory.serverKeyFileName, SecretSealer.keyFileName])
        if let url = settings.databaseURL {
            // Several servers on one PostgreSQL (issue 26): the client is a service that must run
            // before anything asks it, so migrations and start-up logging wait for the server's start.
            let database = PostgresAppDatabase(url: url, apps: StoreBackend.postgresApps, poolSize: settings.databasePoolSize, logger: logger)
            let fingerprints = try settings.keys.fingerprints(of: [KeyDirectory.serverKeyFileName, SecretSealer.keyFileName])
            try await serve(stores: .postgres(database), services: [database], settings: settings, metrics: metrics, logger: logger) {
                let applied = try await database.migrate()
                try await database.checkKeyFingerprints(fingerprints)
                let devices = try await database.devices.count()
                logger.info("Database ready", metadata: ["database": "\(url)", "migrated": "\(applied.count)", "devices": "\(devices)"])
            }
            logger.info("Stopped; database connections closed.")
        } else {
            let database = try AppDatabase.open(at: settings.dataDirectory.appendingPathComponent("appdeck.sqlite"), apps: StoreBackend.sqliteApps)
            try await logStartState(database: database, logger: logger)
            try await serve(stores: .sqlite(database), services: [], settings: settings, metrics: metrics, logger: logger) {}
            try database.close()
            logger.info("Stopped; database closed.")
        }
    }

    /// Serves the deck over `stores` until SIGINT/SIGTERM; `services` (a database client) start
    /// first and stop last. `prepareDatabase` runs once they have started (migrations), then the
    /// live clients start, then the server listens.
    private func serve(
        stores: StoreBackend, services: [any Service], settings: ServerSettings, metrics: MetricsListener?, logger: Logger,
        prepareDatabase: @escaping @Sendable () async throws -> Void
    ) async throws {
        let (deck, clients, startClients) = try DeckEnvironment.live(
            stores: stores, dataDirectory: settings.dataDirectory, keys: settings.keys,
            upstreams: .init(
                photosAPI: settings.photosAPIURL, githubAPI: settings.githubAPIURL,
                readmeImagePrivateHosts: settings.readmeImagePrivateHosts),
            logger: logger)
        let app = try AppDeckServer.makeApplication(
            host: settings.host, port: settings.port, limits: settings.limits, environment: deck, services: services + clients,
            metrics: metrics, trustedProxies: settings.trustedProxies, writeRates: settings.writeRates, logger: logger,
            beforeServing: {
                try await prepareDatabase()
                await startClients()
            },
            onServerRunning: { url in
                // Unbuffered, so a supervisor or test reading the pipe sees it at once.
                FileHandle.standardOutput.write(Data("AppDeck is serving \(url)\n".utf8))
            })
        try await ServiceGroup(configuration: serviceConfiguration(for: app, logger: logger)).run()
    }

    /// Whether a database URL written out holds a password (what `ps` would show of it).
    static func holdsPassword(_ text: String) -> Bool {
        guard let password = URLComponents(string: text)?.password else { return false }
        return !password.isEmpty
    }

    /// Upstream bodies up to their cap (4 MiB for GitHub, 8 for the photo list) are read into one
    /// buffer and dropped; glibc's adaptive threshold then serves later ones from the heap and keeps
    /// them resident (the upstream chaos suite saw RSS grow 34% under endless bodies). A fixed 1 MiB
    /// threshold maps such blocks and returns them on free; pages (at most a few hundred KB) stay
    /// on the heap. `mallopt` is in glibc's <malloc.h>, which the Glibc module does not export.
    static func returnLargeBlocksToTheSystem() {
        #if os(Linux)
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        _ = glibcMallopt(mmapThreshold, 1 << 20)
        #endif
    }
}

/// Stops gracefully on SIGTERM or SIGINT: no new connections, in-flight requests answered. The
/// connections' own limits end stalled requests within about two seconds; past five, whatever is
/// left is cancelled, so a stop never hangs.
private func serviceConfiguration(for app: some Service, logger: Logger) -> ServiceGroupConfiguration {
    var configuration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    configuration.maximumGracefulShutdownDuration = .seconds(5)
    return configuration
}

/// What an operator wants to see at start: the database's state. (Any string a language lacks is
/// logged by the router, which knows every app's catalogue.)
private func logStartState(database: AppDatabase, logger: Logger) async throws {
    let journal = try database.journalMode()
    let migrations = try database.appliedMigrations().count
    let devices = try await database.devices.count()
    logger.info("Database ready", metadata: ["journal": "\(journal)", "migrations": "\(migrations)", "devices": "\(devices)"])
}

/// The resolved options, validated before anything starts.
struct ServerSettings {
    let host: String
    let port: Int
    /// The metrics listener's address; no port: no metrics kept or served.
    let metricsHost: String
    let metricsPort: Int?
    let dataDirectory: URL
    let keys: KeyDirectory
    /// PostgreSQL, or nil for SQLite in the data directory.
    let databaseURL: PostgresURL?
    let databasePoolSize: Int
    let trustedProxies: Set<String>
    /// How fast an owner and a client address may write (issue 34).
    let writeRates: WriteRates
    let logLevel: Logger.Level
    let limits: ConnectionLimits
    let photosAPIURL: URL
    let githubAPIURL: URL
    /// `--readme-image-private-hosts`, lowercased: `name` or `name:port` entries.
    let readmeImagePrivateHosts: [String]

    init(
        host: String?, port: Int?, metricsHost: String? = nil, metricsPort: Int? = nil, dataDir: String?, keyDir: String? = nil, databaseURL: String? = nil, databasePoolSize: Int? = nil,
        trustedProxies: String? = nil, writeRatePerOwner: String? = nil, writeRatePerAddress: String? = nil, logLevel: String?,
        headerTimeout: Double? = nil, idleTimeout: Double? = nil, minBodyRate: Int? = nil, photosAPIURL: String? = nil,
        githubAPIURL: String? = nil, readmeImagePrivateHosts: String? = nil
    ) throws {
        self.host = host ?? "127.0.0.1"
        self.port = port ?? 8080
        guard (0...65535).contains(self.port) else {
            throw ValidationError("The port must be from 0 to 65535, not \(self.port).")
        }
        self.metricsHost = metricsHost.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        if let metricsPort {
            guard (0...65535).contains(metricsPort) else {
                throw ValidationError("--metrics-port (APPDECK_METRICS_PORT) must be a port from 0 to 65535.")
            }
            guard metricsPort == 0 || metricsPort != self.port else {
                throw ValidationError("--metrics-port must differ from --port: metrics are never served on the public port.")
            }
        }
        self.metricsPort = metricsPort
        dataDirectory = DataDirectory.resolve(option: dataDir)
        self.trustedProxies = Set((trustedProxies ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        writeRates = WriteRates(
            perOwner: try Self.writeRate(writeRatePerOwner, option: "--write-rate-per-owner", standard: WriteRates.standard.perOwner),
            perAddress: try Self.writeRate(writeRatePerAddress, option: "--write-rate-per-address", standard: WriteRates.standard.perAddress))
        if let databaseURL {
            do {
                self.databaseURL = try PostgresURL(databaseURL)
            } catch {
                throw ValidationError(error.description)  // never the text itself: it holds the password
            }
            // Servers sharing a database share keys made once: one that made its own would disagree.
            guard let keyDir else {
                throw ValidationError("With a database URL, name the keys' folder with --key-dir (made once by `appdeck keys init --key-dir DIR`).")
            }
            keys = KeyDirectory(url: URL(fileURLWithPath: keyDir), createsMissingKeys: false)
        } else {
            self.databaseURL = nil
            // On its own data directory a server makes missing keys, as it always has.
            keys = keyDir.map { KeyDirectory(url: URL(fileURLWithPath: $0), createsMissingKeys: true) } ?? .embedded(in: dataDirectory)
        }
        let poolSize = databasePoolSize ?? 10
        guard (1...500).contains(poolSize) else { throw ValidationError("--database-pool-size must be from 1 to 500.") }
        self.databasePoolSize = poolSize
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
                throw ValidationError("Unknown log level '\(logLevel)'. Use trace, debug, info, notice, warning, error or critical.")
            }
            self.logLevel = level
        } else {
            self.logLevel = .info
        }
        var limits = ConnectionLimits()
        if let headerTimeout { limits.headerTimeout = try Self.seconds(headerTimeout, option: "--header-timeout") }
        if let idleTimeout { limits.idleTimeout = try Self.seconds(idleTimeout, option: "--idle-timeout") }
        if let minBodyRate {
            guard minBodyRate > 0 else { throw ValidationError("--min-body-rate must be a positive number of bytes per second.") }
            limits.minimumBodyRate = minBodyRate
        }
        self.limits = limits
        self.photosAPIURL = try Self.baseURL(photosAPIURL, option: "--photos-api-url") ?? JSONPlaceholderClient.defaultBaseURL
        self.githubAPIURL = try Self.baseURL(githubAPIURL, option: "--github-api-url") ?? GitHubClient.defaultBaseURL
        self.readmeImagePrivateHosts = try Self.hosts(readmeImagePrivateHosts, option: "--readme-image-private-hosts")
    }

    /// `a.test, 127.0.0.1:8081, [::1]:9000` → each entry lowercased; an entry with a scheme, a
    /// path or a character no host has is refused.
    static func hosts(_ text: String?, option: String) throws -> [String] {
        guard let text else { return [] }
        return try text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            .map { entry in
                guard entry.count <= 300, entry.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) }) else {
                    throw ValidationError("\(option) takes host names or name:port, comma-separated, not '\(entry)'.")
                }
                return entry
            }
    }

    /// `BURST/PER_SECOND` or `off` (nil); the standard rate when not given.
    static func writeRate(_ text: String?, option: String, standard: WriteRate?) throws -> WriteRate? {
        guard let text, !text.isEmpty else { return standard }
        if text.lowercased() == "off" { return nil }
        guard let rate = WriteRate(text) else {
            throw ValidationError("\(option) takes BURST/PER_SECOND (a burst from 1 to 1000000, a positive rate, e.g. 200/1) or off, not '\(text)'.")
        }
        return rate
    }

    /// An upstream service's base URL: http or https with a host; nil when not given.
    private static func baseURL(_ text: String?, option: String) throws -> URL? {
        guard let text else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ValidationError("\(option) must be an http or https URL, not '\(text)'.")
        }
        return url
    }

    private static func seconds(_ value: Double, option: String) throws -> Duration {
        guard value > 0, value <= 3600 else { throw ValidationError("\(option) must be more than 0 and at most 3600 seconds.") }
        return .milliseconds(Int64(value * 1000))
    }
}

#if os(Linux)
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
