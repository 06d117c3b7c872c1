import Foundation
import Hummingbird
import Localization

/// An app on the deck: what the home screen shows of it, its routes, its files and its manifest.
/// Adding an app is a core, a web target with one type conforming to this, and a line in the
/// composition root's list of apps.
public protocol DeckApp: Sendable {
    /// Its icon on the home screen; nil for the home screen itself.
    var tile: AppTile? { get }
    /// The app's own resources folder (`css`, `js`, `icons`, `images`), nil when it has none.
    var resources: URL? { get }
    /// Further folders laid out like `resources`, such as the images a core ships with its content.
    var contentResources: [URL] { get }
    /// The first part of every catalogue key of the app (`cars` in `cars.title`).
    var catalogueNamespace: String { get }
    /// The app's strings in every language, from its own target (`Catalogues.cars`).
    var strings: Catalogues { get }
    /// What to install the app as on its own, when it installs apart from AppDeck.
    var manifest: AppManifest? { get }
    /// Registers the app's routes, under its tile's path.
    func addRoutes(to router: Router<AppRequestContext>, shell: Shell)
    /// Paths whose POST carries a file (`multipart/form-data`), allowed `AppRequestContext.uploadLimit`.
    var uploadPaths: [String] { get }
}

extension DeckApp {
    public var manifest: AppManifest? { nil }
    public var uploadPaths: [String] { [] }
    public var contentResources: [URL] { [] }
}

/// One icon on the home screen.
public struct AppTile: Sendable, Hashable {
    /// Stable id (`cars`).
    public let id: String
    public let path: String
    /// Asset path of the icon (`icons/app-cars.svg`).
    public let icon: String
    /// Position on the home screen, lowest first.
    public let order: Int

    /// The catalogue key of its name under the icon, in the app's own strings (`cars.tileName`).
    public let nameKey: String

    public init(id: String, path: String, icon: String, order: Int, nameKey: String) {
        self.id = id
        self.nameKey = nameKey
        self.path = path
        self.icon = icon
        self.order = order
    }

}
