import ArgumentParser
import CompositionRoot
import Foundation
import Logging
import Metrics
import Prometheus
import ServiceLifecycle

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

    @Option(help: ArgumentHelp(
        "Client ID of a GitHub OAuth app with Device Flow enabled: offers \"Sign in with GitHub\" (APPDECK_GITHUB_CLIENT_ID; default none: the token field alone).",
        discussion: "The device flow needs no client secret. github.com is asked at --upstream github-web-url=URL (APPDECK_GITHUB_WEB_URL; default https://github.com)."))
    var githubClientId: String?

    @Option(help: ArgumentHelp(
        "Base URL of any outside service, NAME=URL, repeatable (each also from its APPDECK_…_URL variable).",
        discussion: (["The services: \(Deck.upstreams.map { "\($0.option) (\($0.variable))" }.joined(separator: ", "))."]
            + OwnUpstreamOptions.help(Deck.upstreams)).joined(separator: "\n")))
    var upstream: [String] = []

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

    /// Parses the command line once each service's own option (`--photos-api-url URL`) is written
    /// as the `--upstream` it stands for: those options come from the list of services, not from
    /// properties declared here one by one.
    static func main() async {
        let subcommands = Set(configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
        await main(OwnUpstreamOptions.rewriting(Array(CommandLine.arguments.dropFirst()), upstreams: Deck.upstreams, subcommands: subcommands))
    }

    func run() async throws {
        Self.tuneTheAllocator()
        let environment = ProcessInfo.processInfo.environment
        let settings: ServerSettings
        do {
            settings = try serverSettings(environment: environment)
        } catch let invalid as InvalidSetting {
            throw ValidationError(invalid.description)
        }

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

        let app = try AppDeckServer.buildApplication(settings, metrics: metrics, logger: logger) { url in
            // Unbuffered, so a supervisor or test reading the pipe sees it at once.
            FileHandle.standardOutput.write(Data("AppDeck is serving \(url)\n".utf8))
        }
        try await ServiceGroup(configuration: serviceConfiguration(for: app, logger: logger)).run()
    }

    /// The options, each from its environment variable when not given (the option wins).
    private func serverSettings(environment: [String: String]) throws -> ServerSettings {
        try ServerSettings(
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
            upstreams: try upstreams(),
            readmeImagePrivateHosts: readmeImagePrivateHosts ?? environment["APPDECK_README_IMAGE_PRIVATE_HOSTS"],
            githubClientID: githubClientId ?? environment["APPDECK_GITHUB_CLIENT_ID"],
            environment: environment)
    }

    /// Each outside service's URL given on the command line (`--upstream NAME=URL`, or the
    /// service's own option, which stands for one), by name; the last one given for a name wins.
    private func upstreams() throws -> [String: String] {
        var given: [String: String] = [:]
        for pair in upstream {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--upstream takes NAME=URL, not '\(pair)'.")
            }
            given[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return given
    }

    /// Whether a database URL written out holds a password (what `ps` would show of it).
    static func holdsPassword(_ text: String) -> Bool {
        guard let password = URLComponents(string: text)?.password else { return false }
        return !password.isEmpty
    }

    /// How glibc's allocator gives memory back, set once before serving (`mallopt` is in glibc's
    /// <malloc.h>, which the Glibc module does not export):
    ///
    /// - Upstream bodies up to their cap (4 MiB for GitHub, 8 for the photo list) are read into one
    ///   buffer and dropped; glibc's adaptive threshold then serves later ones from the heap and
    ///   keeps them resident (the upstream chaos suite saw RSS grow 34% under endless bodies). A
    ///   fixed 1 MiB mmap threshold maps such blocks and returns them on free; pages (at most a few
    ///   hundred KB) stay on the heap.
    /// - Fixing that threshold also fixes the trim threshold at its 128 KiB default, and each
    ///   gzipped answer allocates and frees zlib's 256 KiB of state: every free gave those pages
    ///   back, and the next answer faulted them in again, zeroed. That, not zlib, was most of what
    ///   compression cost (issue 34: the system zlib from Python took 70 µs of CPU to gzip the 4.8 KB
    ///   home page, and 21 µs with `GLIBC_TUNABLES=glibc.malloc.trim_threshold` raised). Up to
    ///   2 MiB free at the top of each heap is now kept.
    static func tuneTheAllocator() {
        #if os(Linux)
        let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        _ = glibcMallopt(mmapThreshold, 1 << 20)
        _ = glibcMallopt(trimThreshold, 2 << 20)
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

#if os(Linux)
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
