import Foundation
import Hummingbird
import Localization
import SplitView
import WebShell

/// The master-detail screen of homework 4 (SPLIT-1..4): `/split` and `/split/<row>`. One page
/// serves both widths: the stylesheet shows the list alone, the detail alone, or both side by side.
public struct SplitViewApp: DeckApp {
    public init() {}

    public var tile: AppTile? { AppTile(id: "split", path: SplitPath.list.path, icon: "icons/app-split.svg", order: 4, nameKey: "split.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "split" }
    public var strings: Catalogues { .splitView }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        SplitController(shell: shell).addRoutes(to: router.group(RouterPath(SplitPath.list.base)))
    }
}
