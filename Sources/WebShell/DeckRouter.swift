import Devices
import Foundation
import Hummingbird
import Localization
import Logging

/// Builds the router of a deck of apps: the shell's middleware and routes, then each app's.
public enum DeckRouter {
    public static func build(
        apps: [any DeckApp], preferences store: any DevicePreferencesStore, sessions sessionStore: any SessionStore, key: ServerKey,
        logger: Logger, devicesSections: [DevicesSection] = [],
        ownsData: @escaping @Sendable (DeviceID) async throws -> Bool = { _ in true },
        operator endpoints: OperatorEndpoints = .alwaysReady, trustedProxies: Set<String> = [],
        currentYear: @escaping @Sendable () -> Int = { Calendar(identifier: .gregorian).component(.year, from: Date()) },
        now: @escaping @Sendable () -> Date = Date.init,
        writeRates: WriteRateLimiter = WriteRateLimiter(rates: .standard)
    ) throws -> Router<AppRequestContext> {
        let assets = try AssetCatalog.load(from: [Shell.resources] + apps.flatMap { ($0.resources.map { [$0] } ?? []) + $0.contentResources })
        let shell = Shell(
            assets: assets, preferences: DevicePreferencesCache(devices: store), sessions: SessionDirectory(store: sessionStore),
            cookies: SessionCookie(key: key), currentYear: currentYear, now: now,
            purposeKey: { key.derived(for: $0) })
        let catalogues = apps.reduce(Catalogues.shell) { $0.merging($1.strings) }
        for (language, keys) in catalogues.missingKeys() {
            logger.warning("A catalogue lacks strings", metadata: ["language": "\(language.rawValue)", "keys": "\(keys.sorted())"])
        }
        let csrf = CSRFSigner(key: key)

        // The routes go in twice: first into a router whose only use is to list the methods each
        // path answers (405 needs it before any route runs), then into the real one.
        let offline = OfflineRoutes(
            worker: try ServiceWorkerScript(assets: assets, appPaths: ["/"] + apps.compactMap(\.tile?.path)),
            screen: OfflineScreen(tiles: apps.compactMap(\.tile)))
        let listing = Router(context: AppRequestContext.self)
        let devices = DevicesRoutes(
            shell: shell, sections: devicesSections, ownsData: ownsData, limiter: LinkAttemptLimiter(), trustedProxies: trustedProxies)
        addRoutes(of: apps, shell: shell, offline: offline, devices: devices, operator: endpoints, to: listing)

        let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
        // Outermost first: every response, error pages included, gets the headers and a log line.
        router.add(middleware: SecurityHeadersMiddleware())
        // Requests by route pattern and status, and their latency, into the process's metrics
        // system (`/metrics`); not added when the server keeps no metrics.
        if endpoints.metrics != nil { router.add(middleware: MetricsMiddleware<AppRequestContext>()) }
        router.add(middleware: AccessLogMiddleware(logger: logger, trustedProxies: trustedProxies))
        router.add(middleware: HeadMiddleware())
        // Inside HEAD's, so a HEAD answer names the length a GET would send; outside the rest, so
        // error pages are compressed too.
        router.add(middleware: CompressionMiddleware())
        router.add(middleware: DeviceMiddleware(
            preferences: shell.preferences, sessions: shell.sessions, cookies: shell.cookies, csrf: csrf, catalogues: catalogues, now: now))
        router.add(middleware: ErrorPageMiddleware(shell: shell))
        router.add(middleware: MethodNotAllowedMiddleware(routes: RouteTable(listing.routes)))
        router.add(middleware: FormBodyMiddleware(uploadPaths: Set(apps.flatMap(\.uploadPaths)), heavyWork: shell.heavyWork))
        // Inside the device's and the error page's (it counts the owner, and its 429 is a page in
        // the page's language), before the CSRF check, so a flood of bad tokens is bounded too.
        router.add(middleware: WriteRateMiddleware(limiter: writeRates, trustedProxies: trustedProxies))
        router.add(middleware: CSRFMiddleware(signer: csrf))
        addRoutes(of: apps, shell: shell, offline: offline, devices: devices, operator: endpoints, to: router)
        return router
    }

    private static func addRoutes(
        of apps: [any DeckApp], shell: Shell, offline: OfflineRoutes, devices: DevicesRoutes, operator endpoints: OperatorEndpoints,
        to router: Router<AppRequestContext>
    ) {
        let shellRoutes = ShellRoutes(shell: shell)
        shellRoutes.addRoutes(to: router)
        OperatorRoutes(endpoints: endpoints).addRoutes(to: router)
        offline.addRoutes(to: router, shell: shell)
        devices.addRoutes(to: router)
        shellRoutes.addManifest(ShellRoutes.manifest, to: router)
        for app in apps {
            if let manifest = app.manifest { shellRoutes.addManifest(manifest, to: router) }
            app.addRoutes(to: router, shell: shell)
        }
    }
}
