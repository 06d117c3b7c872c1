import Cars
import Devices
import Foundation
import Hummingbird
import Localization
import WebShell

/// The Cars app (CARS-1..5) on the deck, over any `CarStore`: the composition root hands it the
/// SQLite one, router tests an in-memory one.
public struct CarsApp<Store: CarStore>: DeckApp {
    /// The store of one device's cars.
    let store: @Sendable (DeviceID) -> Store

    public init(store: @escaping @Sendable (DeviceID) -> Store) {
        self.store = store
    }

    public var tile: AppTile? { AppTile(id: "cars", path: CarsPath.list.path, icon: "icons/app-cars.svg", order: 1, nameKey: "cars.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "cars" }
    public var strings: Catalogues { .cars }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        CarsController(store: store, shell: shell).addRoutes(to: router.group(RouterPath(CarsPath.list.base)))
    }
}
