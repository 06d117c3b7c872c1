import Hummingbird
import SplitView
import WebShell

/// `/split`: the master-detail screen (SPLIT-1..4).
struct SplitController {
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(SplitPath.list, use: list)
        group.get(SplitPath.row, use: detail)
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
