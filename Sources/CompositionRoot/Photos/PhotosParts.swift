import Photos
import PhotosLive

/// What the Photos app runs on, shared by every device: the list of photos and the thumbnails.
public struct PhotosParts: Sendable {
    public let service: PhotosService
    public let thumbnails: ThumbnailPipeline

    public init(service: PhotosService, thumbnails: ThumbnailPipeline) {
        self.service = service
        self.thumbnails = thumbnails
    }

    /// Over the live clients: jsonplaceholder's list, kept in `archive` (the database), and the
    /// image hosts behind the memory and disk caches. Call `service.catalogue.start()` to load.
    public static func live(_ services: PhotosLiveServices, archive: any PhotoListArchive) -> PhotosParts {
        PhotosParts(
            service: PhotosService(catalogue: PhotoCatalogue(source: services.source, archive: archive)),
            thumbnails: ThumbnailPipeline(fetcher: services.images, diskCache: services.diskCache))
    }

    /// The parts without a live client: the core's stand-ins, which always fail.
    static var unavailable: PhotosParts {
        PhotosParts(
            service: PhotosService(catalogue: PhotoCatalogue(source: PhotosUnavailable.Source(), archive: PhotosUnavailable.NoArchive())),
            thumbnails: ThumbnailPipeline(fetcher: PhotosUnavailable.Images(), diskCache: PhotosUnavailable.NoDiskCache()))
    }
}
