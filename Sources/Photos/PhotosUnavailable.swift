import Caching
import Foundation
import Upstream

/// The Photos app's parts when the deck has no live client for it (a test deck that gives none):
/// a list that cannot be had and thumbnails that are always the drawn placeholder, so the app
/// shows its upstream-failure state, as it would without network.
public enum PhotosUnavailable {
    /// A photo service that is never reached.
    public struct Source: PhotoSource {
        public init() {}
        public func allPhotos() async throws -> [Photo] { throw UpstreamFailure.offline }
        public func photo(id: Int) async throws -> Photo? { throw UpstreamFailure.offline }
    }

    /// An image host that is never reached.
    public struct Images: ImageFetching {
        public init() {}
        public func fetchImage(at url: URL, maximumBytes: Int) async throws -> FetchedImage { throw UpstreamFailure.offline }
    }

    /// A disk cache that keeps nothing.
    public struct NoDiskCache: ImageDiskCache {
        public init() {}
        public func image(forKey key: String) async -> FetchedImage? { nil }
        public func store(_ image: FetchedImage, forKey key: String) async {}
    }

    /// A list archive that holds nothing.
    public struct NoArchive: PhotoListArchive {
        public init() {}
        public func load() async -> [Photo]? { nil }
        public func save(_ photos: [Photo]) async {}
    }
}
