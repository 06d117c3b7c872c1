import Caching
import Foundation
import Logging
import Photos
import UpstreamHTTP

/// Everything live the Photos app needs, made in one call by the composition root, and shut down
/// by it in one call after the server has stopped.
///
/// ```swift
/// let photos = try PhotosLiveServices(apiBaseURL: options.photosAPIURL, dataDirectory: dataDir, logger: logger)
/// // hand photos.source, photos.images, photos.diskCache to the Photos core
/// …
/// await photos.shutdown()   // after the server has stopped
/// ```
public struct PhotosLiveServices: Sendable {
    /// jsonplaceholder's `/photos` (`PhotoSource`).
    public let source: JSONPlaceholderClient
    /// Thumbnails by absolute URL (`ImageFetching`).
    public let images: HTTPImageFetcher
    /// `<data-dir>/thumbnails`, bounded by `diskCacheBytes` (`ImageDiskCache`).
    public let diskCache: DiskImageCache
    /// `<data-dir>/photos.json`, where versions before the list moved into the database kept it:
    /// read while the database has no list yet, never written.
    public let earlierArchive: FilePhotoListArchive

    private let apiClient: UpstreamClient
    private let imageClient: UpstreamClient

    /// Creates two upstream clients (the API's, the image hosts') and opens the disk cache.
    /// Throws only when the cache directory cannot be created or listed.
    ///
    /// Thumbnails are fetched only from the API's own origin and the placeholder origins its data
    /// names (`HTTPImageFetcher.placeholderOrigins`), unless `imageConfiguration` says otherwise: a
    /// photo list pointing elsewhere (a private address, another port, the server itself) gets
    /// drawn fallbacks.
    public init(
        apiBaseURL: URL = JSONPlaceholderClient.defaultBaseURL,
        dataDirectory: URL,
        diskCacheBytes: Int = 64 * 1024 * 1024,
        apiConfiguration: UpstreamConfiguration? = nil,
        imageConfiguration: UpstreamConfiguration = HTTPImageFetcher.configuration(),
        logger: Logger = Logger(label: "appdeck.photos.upstream")
    ) throws {
        let diskCache = try DiskImageCache(dataDirectory: dataDirectory, maximumBytes: diskCacheBytes)
        apiClient = UpstreamClient(
            configuration: apiConfiguration ?? JSONPlaceholderClient.configuration(baseURL: apiBaseURL), logger: logger)
        var imageConfiguration = imageConfiguration
        if imageConfiguration.allowedOrigins == nil {
            imageConfiguration.allowedOrigins = HTTPImageFetcher.placeholderOrigins.union([UpstreamOrigin(apiBaseURL)].compactMap { $0 })
        }
        imageClient = UpstreamClient(configuration: imageConfiguration, logger: logger)
        source = JSONPlaceholderClient(client: apiClient)
        images = HTTPImageFetcher(client: imageClient)
        self.diskCache = diskCache
        earlierArchive = FilePhotoListArchive(directory: dataDirectory)
    }

    /// Shuts both HTTP clients down. Call once, after the last request (after the server stopped).
    public func shutdown() async {
        try? await apiClient.shutdown()
        try? await imageClient.shutdown()
    }
}
