import Devices
import Foundation
import Hummingbird
import Localization
import Stories
import WebShell

/// Stories & Gallery (SG-1..10) on the deck: the bundled items and one device's drawing settings
/// over any `StoriesSettingsStore`. The composition root hands it the SQLite one.
public struct StoriesApp<Store: StoriesSettingsStore>: DeckApp {
    let catalog: StoriesCatalog
    /// The settings of one device.
    let store: @Sendable (DeviceID) -> Store
    let imagesFolder: URL?

    /// `items` in display order; `contentFolder` holds their `images/` (the Stories module's
    /// `Content` folder), served as assets.
    public init(items: [StoryItem], contentFolder: URL?, store: @escaping @Sendable (DeviceID) -> Store) {
        catalog = StoriesCatalog(items: items)
        imagesFolder = contentFolder
        self.store = store
    }

    public var tile: AppTile? { AppTile(id: "stories", path: StoriesPath.items.path, icon: "icons/app-stories.svg", order: 5, nameKey: "stories.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var contentResources: [URL] { imagesFolder.map { [$0] } ?? [] }
    public var catalogueNamespace: String { "stories" }
    public var strings: Catalogues { .stories }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        StoriesController(catalog: catalog, store: store, shell: shell)
            .addRoutes(to: router.group(RouterPath(StoriesPath.items.base)))
    }
}

/// The items by id, and the drawing stylesheet they need, made once at start.
struct StoriesCatalog: Sendable {
    let items: [StoryItem]
    let byID: [String: StoryItem]
    let drawingStylesheet: DrawingStylesheet

    init(items: [StoryItem]) {
        self.items = items
        byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let longest = items.map { item -> Int in
            guard case .story(let story) = item else { return 0 }
            return story.drawings.reduce(0) { $0 + $1.paths.count }
        }.max() ?? 0
        drawingStylesheet = DrawingStylesheet(pathCount: longest)
    }
}
