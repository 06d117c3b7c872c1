import Foundation
import Hummingbird
import Localization
import Layouts
import WebShell

/// The three screens of homework 3 (LAY-1..3) in a tab bar: elements, reading, pretend login.
public struct LayoutsApp: DeckApp {
    public init() {}

    public var tile: AppTile? { AppTile(id: "layouts", path: LayoutsPath.elements.path, icon: "icons/app-layouts.svg", order: 3, nameKey: "layouts.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "layouts" }
    public var strings: Catalogues { .layouts }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        LayoutsController(shell: shell).addRoutes(to: router.group(RouterPath(LayoutsPath.elements.base)))
    }
}
