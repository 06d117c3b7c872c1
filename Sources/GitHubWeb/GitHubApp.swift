import Devices
import Foundation
import GitHub
import Hummingbird
import Localization
import WebShell

/// The GitHub repository viewer (GH-1..10) on the deck: one `GitHubAPI` for everyone, and one
/// device's token in a `KeyValueStorage` that the composition root hands over (encrypted at rest).
public struct GitHubApp<Storage: KeyValueStorage>: DeckApp {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage
    let now: @Sendable () -> Date
    let readmes = RenderedReadmes()
    /// README images for the signed proxy (GH-3); nil shows every image as a placeholder.
    let readmeImages: ReadmeImages?
    /// What turns a file's text into the code view's lines (issue 49): the highlighter, or plain.
    let codeLines: any CodeLineRenderer
    /// "Sign in with GitHub" through GitHub's device flow (issue 49); nil offers the token alone.
    let deviceSignIn: DeviceSignIn?

    public init(
        api: any GitHubAPI, storage: @escaping @Sendable (DeviceID) -> Storage, now: @escaping @Sendable () -> Date = Date.init,
        readmeImages: ReadmeImages? = nil, codeLines: any CodeLineRenderer = PlainCodeLines(), deviceSignIn: DeviceSignIn? = nil
    ) {
        self.deviceSignIn = deviceSignIn
        self.api = api
        self.storage = storage
        self.now = now
        self.readmeImages = readmeImages
        self.codeLines = codeLines
    }

    public var tile: AppTile? { AppTile(id: "github", path: GitHubPath.list.path, icon: "icons/app-github.svg", order: 7, nameKey: "github.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "github" }
    public var strings: Catalogues { .github }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        let images = readmeImages.map { ReadmeImageProxy(images: $0, signer: ReadmeImageSigner(key: shell.purposeKey(ReadmeImageSigner.purpose))) }
        let group = router.group(RouterPath(GitHubPath.list.base))
        GitHubController(
            api: api, storage: storage, now: now, readmes: readmes, images: images, offersDeviceFlow: deviceSignIn != nil, shell: shell
        ).addRoutes(to: group)
        if let deviceSignIn {
            DeviceSignInController(api: api, storage: storage, now: now, deviceSignIn: deviceSignIn, shell: shell).addRoutes(to: group)
        }
        CodeController(api: api, storage: storage, now: now, readmes: readmes, images: images, codeLines: codeLines, shell: shell)
            .addRoutes(to: group)
        HistoryController(api: api, storage: storage, now: now, shell: shell).addRoutes(to: group)
        IssuesController(api: api, storage: storage, now: now, readmes: readmes, images: images, shell: shell).addRoutes(to: group)
        SearchController(api: api, storage: storage, now: now, shell: shell).addRoutes(to: group)
        StarController(api: api, storage: storage).addRoutes(to: group)
    }
}
