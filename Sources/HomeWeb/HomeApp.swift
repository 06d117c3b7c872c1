import Foundation
import Hummingbird
import Localization
import WebShell

/// `/`: the phone home screen with every app's icon and the language switcher.
public struct HomeApp: DeckApp {
    /// The tiles of the deck, in any order; the screen sorts them.
    let tiles: [AppTile]

    public init(tiles: [AppTile]) {
        self.tiles = tiles.sorted { $0.order < $1.order }
    }

    public var tile: AppTile? { nil }
    public var resources: URL? { nil }
    public var catalogueNamespace: String { "shell" }
    public var strings: Catalogues { .shell }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        router.get("/") { _, context in HomeView(tiles: tiles).page(shell.page(context)) }
    }
}
