import Photos
import PhotosLive

/// What the Photos app runs on, shared by every device: the list of photos, how long an action
/// waits for it, and the thumbnails. Each device's `PhotosService` is made over these and its store.
public struct PhotosParts: Sendable {
    public let catalogue: PhotoCatalogue
    /// How long an action waits for a list still loading before it says `.timedOut`.
    public let readinessTimeout: Duration
    public let thumbnails: ThumbnailPipeline

    public init(catalogue: PhotoCatalogue, readinessTimeout: Duration = PhotoCatalogue.readinessTimeout, thumbnails: ThumbnailPipeline) {
        self.catalogue = catalogue
        self.readinessTimeout = readinessTimeout
        self.thumbnails = thumbnails
    }

    /// Over the live clients: jsonplaceholder's list, kept in `archive` (the database), and the
    /// image hosts behind the memory and disk caches. Call `catalogue.start()` to load.
    public static func live(_ services: PhotosLiveServices, archive: any PhotoListArchive) -> PhotosParts {
        PhotosParts(
            catalogue: PhotoCatalogue(source: services.source, archive: archive),
            thumbnails: ThumbnailPipeline(fetcher: services.images, diskCache: services.diskCache))
    }

    /// The parts without a live client: the core's stand-ins, which always fail.
    static var unavailable: PhotosParts {
        PhotosParts(
            catalogue: PhotoCatalogue(source: PhotosUnavailable.Source(), archive: PhotosUnavailable.NoArchive()),
            thumbnails: ThumbnailPipeline(fetcher: PhotosUnavailable.Images(), diskCache: PhotosUnavailable.NoDiskCache()))
    }
}
