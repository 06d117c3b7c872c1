import Devices
import Foundation
import Hummingbird
import Localization
import Photos
import WebShell

/// Photos (PH-1..16) on the deck: one device's feed over any `PhotoFeedStore`, the shared list of
/// photos and the thumbnail pipeline. The composition root hands it the live ones.
public struct PhotosApp<Store: PhotoFeedStore>: DeckApp {
    let catalogue: PhotoCatalogue
    let readinessTimeout: Duration
    let thumbnails: ThumbnailPipeline
    /// The feed of one device.
    let store: @Sendable (DeviceID) -> Store

    public init(
        catalogue: PhotoCatalogue, readinessTimeout: Duration, thumbnails: ThumbnailPipeline,
        store: @escaping @Sendable (DeviceID) -> Store
    ) {
        self.catalogue = catalogue
        self.readinessTimeout = readinessTimeout
        self.thumbnails = thumbnails
        self.store = store
    }

    public var tile: AppTile? { AppTile(id: "photos", path: PhotosPath.list.path, icon: "icons/app-photos.svg", order: 6, nameKey: "photos.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "photos" }
    public var strings: Catalogues { .photos }
    public var manifest: AppManifest? { nil }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        PhotosController(catalogue: catalogue, readinessTimeout: readinessTimeout, thumbnails: thumbnails, store: store, shell: shell)
            .addRoutes(to: router.group(RouterPath(PhotosPath.list.base)))
    }
}
