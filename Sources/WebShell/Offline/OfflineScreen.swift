import Hummingbird

/// `/offline?app=<start path>`: what an installed app shows offline for a screen this device has
/// never opened (issue 24): the app's navigation bar with its name and the way back to the home
/// screen, and a sentence saying the screen needs a connection once. The service worker fetches
/// one per app at install, with the device's cookie, so it is in the device's language.
struct OfflineScreen: Sendable {
    static let path = "/offline"
    /// Each app's start path and the catalogue key of its name.
    let apps: [String: String]

    init(tiles: [AppTile]) {
        apps = Dictionary(tiles.map { ($0.path, $0.nameKey) }, uniquingKeysWith: { first, _ in first })
    }

    func page(_ request: Request, _ page: PageContext) -> HTMLPage {
        let nameKey = request.uri.queryParameters["app"].flatMap { apps[String($0)] }
        let title = nameKey.map(page.t) ?? page.t("shell.app.name")
        var document = Document(title: title)
        document.expectedBytes = 8 * 1024
        return document.page(page) {
            NavigationBar.backToHome(title, page).html(page)
            HTML.main(.class("content")) {
                ErrorState(
                    code: nil, title: page.t("shell.offline.title"), message: page.t("shell.offline.message"),
                    retryHref: nil, homeHref: "/"
                ).html(page)
            }
        }
    }
}

/// The bar a saved page shows when the service worker served it offline ("Offline: showing what
/// you saw at 14:05") or while a slow answer is awaited ("Slow connection: …"), and the words the shell's script needs offline. Hidden until the script
/// finds the page was served from the saved copy.
public enum OfflineBar {
    public static func html(_ page: PageContext) -> HTML {
        .inLanguageOnly("offline-bar", page.catalogue) { bar(page) }
    }

    private static func bar(_ page: PageContext) -> HTML {
        .div(
            .class("offline-bar"), .attr("role", "status"), .flag("hidden"),
            .attr("data-saved-template", page.t("shell.offline.bar")),
            .attr("data-slow-template", page.t("shell.offline.slowBar")),
            .attr("data-needs-connection-title", page.t("shell.offline.needsConnectionTitle")),
            .attr("data-needs-connection", page.t("shell.offline.needsConnection")),
            .attr("data-dropped-title", page.t("shell.offline.droppedTitle")),
            .attr("data-dropped", page.t("shell.offline.dropped")),
            .attr("data-ok", page.t("shell.offline.ok"))
        ) {}
    }
}

/// The service worker and the offline screens, on the shell's router.
struct OfflineRoutes: Sendable {
    let worker: ServiceWorkerScript
    let screen: OfflineScreen

    func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        router.get(RouterPath(ServiceWorkerScript.path)) { [worker] request, _ in worker.response(to: request) }
        router.get(RouterPath(OfflineScreen.path)) { [screen] request, context in screen.page(request, shell.page(context)) }
    }
}
