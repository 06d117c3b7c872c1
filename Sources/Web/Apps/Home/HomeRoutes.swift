import Hummingbird

/// `/`: the phone home screen with every app's icon and the language switcher.
struct HomeRoutes {
    let environment: WebEnvironment

    func register(on router: Router<AppRequestContext>) {
        router.get("/") { _, context in
            let catalogue = context.catalogue
            let tiles = AppTile.all.map { tile -> [String: Any] in
                [
                    "id": tile.id,
                    "path": tile.path,
                    "available": tile.available,
                    "name": catalogue.text("shell.apps.\(tile.id)"),
                    "icon": environment.assets.url("icons/app-\(tile.id).svg"),
                ]
            }
            return environment.pages.page("home", [
                "title": catalogue.text("shell.app.name"),
                "tiles": tiles,
                "returnTo": "/",
            ], context: context)
        }
    }
}
