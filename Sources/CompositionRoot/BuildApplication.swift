import Foundation
import Logging
import ServiceLifecycle
import Storage

extension AppDeckServer {
    /// The whole server from its settings, as `appdeck` runs it and a test may: every resource a
    /// service of one group (the database, SQLite's too; the live clients; the photo list's
    /// loader; the metrics listener), the HTTP server last, so that it stops first. Keys are read
    /// once, here. Run the result in a `ServiceGroup`; it stops gracefully on SIGINT or SIGTERM.
    public static func buildApplication(
        _ settings: ServerSettings, metrics: MetricsListener? = nil, logger: Logger,
        onServerRunning: @escaping @Sendable (_ url: String) async -> Void
    ) throws -> some Service {
        try DataDirectory.prepare(settings.dataDirectory)
        let keys = try DeckKeys.load(from: settings.keys)
        // Servers sharing a database check they read the same keys (issue 26), once it answers.
        let fingerprints = settings.databaseURL == nil ? [:] : try keys.fingerprints(in: settings.keys)
        let storage = try DeckStorage(settings, keys: keys, logger: logger)
        let (environment, clients) = try DeckEnvironment.live(
            stores: storage.backend, keys: keys, settings: settings, ready: storage.ready, logger: logger)
        return try makeApplication(
            host: settings.host, port: settings.port, limits: settings.limits, environment: environment, services: [storage] + clients,
            metrics: metrics, trustedProxies: settings.trustedProxies, writeRates: settings.writeRates, logger: logger,
            beforeServing: { try await storage.prepare(fingerprints: fingerprints) },
            onServerRunning: onServerRunning)
    }
}
