import Foundation
import Hummingbird
import Localization
import WebShell

/// `/`: the phone home screen with every app's icon and the language switcher.
public struct HomeApp: DeckApp {
    /// The tiles of the deck, in any order; the screen sorts them.
    let tiles: [AppTile]
    /// The screen as it was drawn for each language, zone and arrival (issue 47).
    let drawn = PageMemo()

    public init(tiles: [AppTile]) {
        self.tiles = tiles.sorted { $0.order < $1.order }
    }

    public var tile: AppTile? { nil }
    public var resources: URL? { nil }
    public var catalogueNamespace: String { "shell" }
    public var strings: Catalogues { .shell }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        router.get("/") { request, context in
            // After a link (issue 50): which browser's data this one shows now, once.
            let linked = try await LinkedBanner.requested(by: request, context: context, shell: shell)
            if let linked { return HomeView(tiles: tiles, linked: linked).page(shell.page(context)) }
            let gzip = Gzip.isAccepted(by: request.headers[.acceptEncoding])
            return drawn.page(shell.page(context), gzip: gzip) { [tiles] page in HomeView(tiles: tiles).page(page) }
        }
    }
}
