import Devices
import Foundation
import Photos
import Synchronization
import Upstream

/// A fixed list of photos, or a source that fails.
public struct FixedSource: PhotoSource {
    let photos: [Photo]
    let failure: UpstreamFailure?

    public init(photos: [Photo], failure: UpstreamFailure?) {
        self.photos = photos
        self.failure = failure
    }

    public func allPhotos() async throws -> [Photo] {
        if let failure { throw failure }
        return photos
    }

    public func photo(id: Int) async throws -> Photo? {
        if let failure { throw failure }
        return photos.first { $0.id == id }
    }
}

public struct NoArchive: PhotoListArchive {
    public init() {}
    public func load() async -> [Photo]? { nil }
    public func save(_ photos: [Photo]) async {}
}

public struct UnreachableImages: ImageFetching {
    public init() {}
    public func fetchImage(at url: URL, maximumBytes: Int) async throws -> FetchedImage { throw UpstreamFailure.offline }
}

public struct NoDiskCache: ImageDiskCache {
    public init() {}
    public func image(forKey key: String) async -> FetchedImage? { nil }
    public func store(_ image: FetchedImage, forKey key: String) async {}
}

/// Every device's photo feed in memory.
public final class InMemoryPhotoFeeds: Sendable {
    let feeds = Mutex([DeviceID: PhotoFeed]())

    public init() {}

    public func store(_ owner: DeviceID) -> InMemoryPhotoFeedStore { InMemoryPhotoFeedStore(feeds: self, owner: owner) }
}

public struct InMemoryPhotoFeedStore: PhotoFeedStore {
    let feeds: InMemoryPhotoFeeds
    let owner: DeviceID

    public func feed() async throws -> PhotoFeed { feeds.feeds.withLock { $0[owner] ?? PhotoFeed() } }
    public func save(_ feed: PhotoFeed) async throws { feeds.feeds.withLock { $0[owner] = feed } }

    public func update<Result: Sendable>(_ change: @Sendable (inout PhotoFeed) -> Result) async throws -> Result {
        feeds.feeds.withLock { change(&$0[owner, default: PhotoFeed()]) }
    }
}
