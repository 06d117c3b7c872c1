import BackupWeb
import Foundation
import HTTPConnections
import Hummingbird
import Logging
import Photos
import PhotosLive
import ServiceLifecycle
import Stories
import WebShell

/// The server: the deck's router and the application that serves it.
public enum AppDeckServer {
    /// The router of the deck over `environment`; tests drive it through HummingbirdTesting.
    public static func makeRouter(
        environment: DeckEnvironment, logger: Logger, metrics: (@Sendable () -> [UInt8])? = nil,
        trustedProxies: Set<String> = [], writeRates: WriteRates = .standard
    ) throws -> Router<AppRequestContext> {
        try makeRouter(
            apps: Deck.apps(environment), environment: environment, logger: logger, metrics: metrics, trustedProxies: trustedProxies,
            writeRates: writeRates)
    }

    /// The router for these apps (tests swap some apps for ones over in-memory stores).
    /// `metrics`: the Prometheus text of the process's metrics for `/metrics` (nil: none kept).
    /// `trustedProxies`: peers whose `X-Forwarded-For` names the client (the access log, the write
    /// rate per address). `writeRates`: how fast an owner and a client address may write.
    public static func makeRouter(
        apps: [any DeckApp], environment: DeckEnvironment, logger: Logger, metrics: (@Sendable () -> [UInt8])? = nil,
        trustedProxies: Set<String> = [], writeRates: WriteRates = .standard
    ) throws -> Router<AppRequestContext> {
        let stores = environment.stores
        let backup = BackupSection(tiles: apps.compactMap(\.tile))
        return try DeckRouter.build(
            apps: apps, preferences: stores.devices, sessions: stores.sessions, key: environment.keys.server, logger: logger,
            // "Export everything" and "Restore" (issue 36); a restore started here returns here (issue 50).
            devicesSections: [DevicesSection(
                html: { page, _ in backup.html(page, origin: .devices) },
                banner: { page, query in RestoredNotice(query: query).map { backup.notice($0, page) } })],
            ownsData: OwnedData.check(stores, sealer: environment.keys.sealer),
            operator: OperatorEndpoints(readiness: { try await stores.ping() }, metrics: metrics), trustedProxies: trustedProxies,
            now: environment.now, writeRates: WriteRateLimiter(rates: writeRates))
    }

    /// The whole server, a service to run in a `ServiceGroup` (or `runService()`), which stops
    /// gracefully on SIGINT/SIGTERM. `services` (the database client, the live clients) run beside
    /// the HTTP server and stop after it; `beforeServing` runs once they have started, before the
    /// server listens. `metrics`: the listener that serves the process's metrics (nil: none kept);
    /// the public port never serves them (issue 33).
    public static func makeApplication(
        host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(), environment: DeckEnvironment,
        services: [any Service] = [], metrics: MetricsListener? = nil, trustedProxies: Set<String> = [], writeRates: WriteRates = .standard,
        logger: Logger,
        beforeServing: (@Sendable () async throws -> Void)? = nil,
        onServerRunning: @escaping @Sendable (_ url: String) async -> Void
    ) throws -> some ApplicationProtocol {
        var application = Application(
            router: try makeRouter(
                environment: environment, logger: logger, metrics: metrics?.text, trustedProxies: trustedProxies, writeRates: writeRates),
            server: .deck(limits: limits),
            configuration: .init(address: .hostname(host, port: port), serverName: "AppDeck"),
            onServerRunning: { channel in
                let boundPort = channel.localAddress?.port ?? port
                await onServerRunning("http://\(host.contains(":") ? "[\(host)]" : host):\(boundPort)/")
            },
            logger: logger)
        application.addServices(services)
        // Stopped after the public server (a group stops its services in reverse order), so a
        // scrape still answers while the public port drains. One that cannot bind stops the server.
        if let metrics { application.addServices([metrics.application(limits: limits, logger: logger)]) }
        // Once the services run (a PostgreSQL client answers only then) and before the first
        // request: migrations, start-up logging.
        if let beforeServing { application.beforeServerStarts(perform: beforeServing) }
        return application
    }
}

/// Where the process's metrics are served (issue 33): `GET /metrics` on an address of its own,
/// 127.0.0.1 unless told otherwise, the way Prometheus exporters run, so the public port (and
/// whatever proxy is in front of it) never answers for them.
public struct MetricsListener: Sendable {
    public var host: String
    /// 0 picks a free port; `onRunning` is told the one bound.
    public var port: Int
    /// The Prometheus text of the process's metrics.
    public var text: @Sendable () -> [UInt8]
    /// Called with the URL of `/metrics` once the listener listens.
    public var onRunning: @Sendable (_ url: String) async -> Void

    public init(
        host: String = "127.0.0.1", port: Int, text: @escaping @Sendable () -> [UInt8],
        onRunning: @escaping @Sendable (_ url: String) async -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.text = text
        self.onRunning = onRunning
    }

    /// The listener as a service, with the public port's connection limits.
    func application(limits: ConnectionLimits, logger: Logger) -> some Service {
        Application(
            router: MetricsRoutes.router(metrics: text),
            server: .deck(limits: limits),
            configuration: .init(address: .hostname(host, port: port), serverName: "AppDeck"),
            onServerRunning: { [host, port, onRunning] channel in
                let boundPort = channel.localAddress?.port ?? port
                await onRunning("http://\(host.contains(":") ? "[\(host)]" : host):\(boundPort)\(MetricsRoutes.path)")
            },
            logger: logger)
    }
}
