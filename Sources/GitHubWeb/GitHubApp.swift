import Devices
import Foundation
import Hummingbird
import Localization
import RepoBrowser
import WebShell

/// The GitHub repository viewer (GH-1..10) on the deck: one `GitHubAPI` for everyone, and one
/// device's token in a `KeyValueStorage` that the composition root hands over (encrypted at rest).
public struct GitHubApp<Storage: KeyValueStorage>: DeckApp {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage
    let now: @Sendable () -> Date
    let readmes = RenderedReadmes()

    public init(api: any GitHubAPI, storage: @escaping @Sendable (DeviceID) -> Storage, now: @escaping @Sendable () -> Date = Date.init) {
        self.api = api
        self.storage = storage
        self.now = now
    }

    public var tile: AppTile? { AppTile(id: "github", path: GitHubPath.list.path, icon: "icons/app-github.svg", order: 7, nameKey: "github.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "github" }
    public var strings: Catalogues { .github }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        GitHubController(api: api, storage: storage, now: now, readmes: readmes, shell: shell)
            .addRoutes(to: router.group(RouterPath(GitHubPath.list.base)))
    }
}
