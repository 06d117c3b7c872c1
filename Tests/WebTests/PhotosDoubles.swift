import Devices
import Foundation
import Photos
import Synchronization
import Upstream
import Web

/// The Photos app's parts over doubles: a fixed list of photos (or a failing source), images
/// that are never fetched (every thumbnail is the drawn placeholder), nothing on disk. The live
/// clients are tested against a loopback stand-in in `PhotosLiveTests`.
enum PhotosDoubles {
    static func photos(count: Int) -> [Photo] {
        (1...max(count, 1)).prefix(count).map { id in
            Photo(albumId: 1, id: id, title: "photo \(id) <b>&</b>", url: "https://via.placeholder.com/600/92c952",
                  thumbnailUrl: "https://via.placeholder.com/150/\(id % 2 == 0 ? "771796" : "92c952")")
        }
    }

    /// Parts whose list holds `count` photos, or whose source fails with `failure`.
    static func parts(count: Int = 5, failure: UpstreamFailure? = nil) async -> PhotosParts {
        let catalogue = PhotoCatalogue(source: FixedSource(photos: photos(count: count), failure: failure), archive: NoArchive())
        await catalogue.start()
        _ = await catalogue.ready(within: .seconds(5))
        return PhotosParts(
            service: PhotosService(catalogue: catalogue, readinessTimeout: .seconds(1)),
            thumbnails: ThumbnailPipeline(fetcher: UnreachableImages(), diskCache: NoDiskCache()))
    }
}

struct FixedSource: PhotoSource {
    let photos: [Photo]
    let failure: UpstreamFailure?

    func allPhotos() async throws -> [Photo] {
        if let failure { throw failure }
        return photos
    }

    func photo(id: Int) async throws -> Photo? {
        if let failure { throw failure }
        return photos.first { $0.id == id }
    }
}

struct NoArchive: PhotoListArchive {
    func load() async -> [Photo]? { nil }
    func save(_ photos: [Photo]) async {}
}

struct UnreachableImages: ImageFetching {
    func fetchImage(at url: URL, maximumBytes: Int) async throws -> FetchedImage { throw UpstreamFailure.offline }
}

struct NoDiskCache: ImageDiskCache {
    func image(forKey key: String) async -> FetchedImage? { nil }
    func store(_ image: FetchedImage, forKey key: String) async {}
}

/// Every device's photo feed in memory.
final class InMemoryPhotoFeeds: Sendable {
    let feeds = Mutex([DeviceID: PhotoFeed]())

    func store(_ owner: DeviceID) -> InMemoryPhotoFeedStore { InMemoryPhotoFeedStore(feeds: self, owner: owner) }
}

struct InMemoryPhotoFeedStore: PhotoFeedStore {
    let feeds: InMemoryPhotoFeeds
    let owner: DeviceID

    func feed() async throws -> PhotoFeed { feeds.feeds.withLock { $0[owner] ?? PhotoFeed() } }
    func save(_ feed: PhotoFeed) async throws { feeds.feeds.withLock { $0[owner] = feed } }

    func update<Result: Sendable>(_ change: @Sendable (inout PhotoFeed) -> Result) async throws -> Result {
        feeds.feeds.withLock { change(&$0[owner, default: PhotoFeed()]) }
    }
}
