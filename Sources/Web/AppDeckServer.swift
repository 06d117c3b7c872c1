import Foundation
import Hummingbird
import Logging
import Storage

/// Builds the AppDeck web application: middleware, every app's routes, static assets.
public enum AppDeckServer {
    /// The router for a database and data directory; tests drive it through HummingbirdTesting.
    public static func makeRouter(database: AppDatabase, dataDirectory: URL, logger: Logger) throws -> Router<AppRequestContext> {
        // Not `resourceURL`: Foundation treats a bundle's `Resources` folder as its resource root.
        let resources = Bundle.module.bundleURL.appendingPathComponent("Resources")
        let assets = try AssetCatalog.load(from: resources)
        let environment = WebEnvironment(
            database: database,
            pages: try PageRenderer.load(from: resources, assets: assets),
            assets: assets,
            csrf: try CSRFSigner.loadOrCreate(in: dataDirectory),
            preferences: DevicePreferencesCache(devices: database.devices),
            currentYear: { Calendar(identifier: .gregorian).component(.year, from: Date()) })

        let router = Router(context: AppRequestContext.self)
        // Outermost first: every response, error pages included, gets the headers and a log line.
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: AccessLogMiddleware(logger: logger))
        router.add(middleware: DeviceMiddleware(preferences: environment.preferences, csrf: environment.csrf))
        router.add(middleware: ErrorPageMiddleware(pages: environment.pages))
        router.add(middleware: BodyLimitMiddleware())
        router.add(middleware: CSRFMiddleware(signer: environment.csrf))

        ShellRoutes(environment: environment).register(on: router)
        HomeRoutes(environment: environment).register(on: router)
        CarsRoutes(environment: environment).register(on: router)
        ThreadSafeArrayRoutes(environment: environment).register(on: router)
        HabitsRoutes(environment: environment).register(on: router)
        LayoutsRoutes(environment: environment).register(on: router)
        SplitRoutes(environment: environment).register(on: router)
        return router
    }

    /// The whole server, ready for `runService()`, which stops gracefully on SIGINT/SIGTERM.
    public static func makeApplication(
        host: String, port: Int, database: AppDatabase, dataDirectory: URL, logger: Logger,
        onServerRunning: @escaping @Sendable (_ url: String) async -> Void
    ) throws -> some ApplicationProtocol {
        let router = try makeRouter(database: database, dataDirectory: dataDirectory, logger: logger)
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "AppDeck"),
            onServerRunning: { channel in
                let boundPort = channel.localAddress?.port ?? port
                await onServerRunning("http://\(host.contains(":") ? "[\(host)]" : host):\(boundPort)/")
            },
            logger: logger)
    }
}
