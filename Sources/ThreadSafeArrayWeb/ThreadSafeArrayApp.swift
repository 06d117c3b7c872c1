import Foundation
import Hummingbird
import Localization
import WebShell

/// `/thread-safe-array`: explains the type and, on request, runs the TSA-5 demo on the server.
public struct ThreadSafeArrayApp: DeckApp {
    public init() {}

    public var tile: AppTile? { AppTile(id: "threadSafeArray", path: ThreadSafeArrayPath.page.path, icon: "icons/app-threadSafeArray.svg", order: 2, nameKey: "tsa.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "tsa" }
    public var strings: Catalogues { .threadSafeArray }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        ThreadSafeArrayController(shell: shell).addRoutes(to: router.group(RouterPath(ThreadSafeArrayPath.page.base)))
    }
}
