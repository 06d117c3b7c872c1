import Foundation
import Hummingbird
import Localization
import SplitView
import WebShell

/// The master-detail screen of homework 4 (SPLIT-1..4): `/split` and `/split/<row>`. One page
/// serves both widths: the stylesheet shows the list alone, the detail alone, or both side by side.
public struct SplitViewApp: DeckApp {
    public init() {}

    public var tile: AppTile? { AppTile(id: "split", path: SplitPath.base, icon: "icons/app-split.svg", order: 4, nameKey: "split.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "split" }
    public var strings: Catalogues { .splitView }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        SplitController(shell: shell).addRoutes(to: router.group(RouterPath(SplitPath.base)))
    }
}

struct SplitController {
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(use: list)
        group.get(SplitPath.rowPattern, use: detail)
    }

    /// `/split`: the list, with the first row's detail beside it on a wide screen.
    @Sendable func list(_ request: Request, context: AppRequestContext) throws -> HTMLPage {
        SplitPageView(screen: try screen(rowID: nil)).page(shell.page(context))
    }

    /// `/split/<row>`: that row's detail, beside the list on a wide screen.
    @Sendable func detail(_ request: Request, context: AppRequestContext) throws -> HTMLPage {
        SplitPageView(screen: try screen(rowID: context.parameters.get("row"))).page(shell.page(context))
    }

    private func screen(rowID: String?) throws -> SplitScreen {
        guard let screen = SplitScreen(rowID: rowID) else { throw HTTPError(.notFound) }
        return screen
    }
}

/// The URLs of the split view: the patterns its routes register and the links its rows make.
enum SplitPath {
    static let base = "/split"
    static let rowPattern: RouterPath = "{row}"

    static func row(_ row: SplitRow) -> String { "\(base)/\(row.id)" }

    /// The picture of an illustration the core names (`harbour-boats`).
    static func image(_ name: String) -> String { "images/split-\(name).svg" }
}
