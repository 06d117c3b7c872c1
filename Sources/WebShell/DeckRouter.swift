import Devices
import Foundation
import Hummingbird
import Logging

/// Builds the router of a deck of apps: the shell's middleware and routes, then each app's.
public enum DeckRouter {
    public static func build(
        apps: [any DeckApp], preferences store: any DevicePreferencesStore, dataDirectory: URL, logger: Logger,
        currentYear: @escaping @Sendable () -> Int = { Calendar(identifier: .gregorian).component(.year, from: Date()) }
    ) throws -> Router<AppRequestContext> {
        let assets = try AssetCatalog.load(from: [Shell.resources] + apps.compactMap(\.resources))
        let shell = Shell(assets: assets, preferences: DevicePreferencesCache(devices: store), currentYear: currentYear)
        let csrf = try CSRFSigner.loadOrCreate(in: dataDirectory)

        let router = Router(context: AppRequestContext.self)
        // Outermost first: every response, error pages included, gets the headers and a log line.
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: AccessLogMiddleware(logger: logger))
        router.add(middleware: DeviceMiddleware(preferences: shell.preferences, csrf: csrf))
        router.add(middleware: ErrorPageMiddleware(shell: shell))
        router.add(middleware: FormBodyMiddleware())
        router.add(middleware: CSRFMiddleware(signer: csrf))

        let shellRoutes = ShellRoutes(shell: shell)
        shellRoutes.addRoutes(to: router)
        shellRoutes.addManifest(ShellRoutes.manifest, to: router)
        for app in apps {
            if let manifest = app.manifest { shellRoutes.addManifest(manifest, to: router) }
            app.addRoutes(to: router, shell: shell)
        }
        return router
    }
}
