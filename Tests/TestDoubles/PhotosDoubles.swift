import Caching
import Devices
import Foundation
import Photos
import Synchronization
import Upstream

/// A `PhotoSource` whose answers the test scripts: each call takes the next answer, the last one
/// repeats (one answer: a fixed list, or a source that always fails).
public final class FakeSource: PhotoSource {
    private let answers: Mutex<[Result<[Photo], UpstreamFailure>]>
    public let calls = Counter()
    public let gate: Gate?

    public init(_ answers: [Result<[Photo], UpstreamFailure>], gate: Gate? = nil) {
        self.answers = Mutex(answers)
        self.gate = gate
    }

    public func allPhotos() async throws -> [Photo] {
        calls.increment()
        if let gate { await gate.wait() }
        let answer = answers.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? .success([]) }
        return try answer.get()
    }

    public func photo(id: Int) async throws -> Photo? {
        try await allPhotos().first { $0.id == id }
    }
}

/// A `PhotoListArchive` in memory: empty unless given a list, keeps what is saved.
public final class FakeArchive: PhotoListArchive {
    private let stored: Mutex<[Photo]?>
    public let saves = Counter()

    public init(_ photos: [Photo]? = nil) {
        stored = Mutex(photos)
    }

    public var photos: [Photo]? { stored.withLock { $0 } }

    public func load() async -> [Photo]? { photos }

    public func save(_ photos: [Photo]) async {
        saves.increment()
        stored.withLock { $0 = photos }
    }
}

/// An `ImageFetching` that counts fetches and answers as told, optionally after a gate opens.
public final class FakeFetcher: ImageFetching {
    public enum Behaviour: Sendable {
        case image(FetchedImage)
        case failure(UpstreamFailure)
        /// Never answers; ends only by cancellation.
        case hang
    }

    private let behaviour: Mutex<Behaviour>
    public let fetches = Counter()
    public let gate: Gate?
    private let requested = Mutex<[URL]>([])

    public init(_ behaviour: Behaviour, gate: Gate? = nil) {
        self.behaviour = Mutex(behaviour)
        self.gate = gate
    }

    public func set(_ behaviour: Behaviour) { self.behaviour.withLock { $0 = behaviour } }
    public var urls: [URL] { requested.withLock { $0 } }

    public func fetchImage(at url: URL, maximumBytes: Int) async throws -> FetchedImage {
        fetches.increment()
        requested.withLock { $0.append(url) }
        if let gate { await gate.wait() }
        switch behaviour.withLock({ $0 }) {
        case .image(let image): return image
        case .failure(let failure): throw failure
        case .hang:
            try await Task.sleep(for: .seconds(86_400))
            throw UpstreamFailure.timedOut
        }
    }
}

/// An in-memory `ImageDiskCache` that counts reads and writes.
public final class FakeDiskCache: ImageDiskCache {
    private let images: Mutex<[String: FetchedImage]>
    public let reads = Counter()
    public let writes = Counter()

    public init(_ images: [String: FetchedImage] = [:]) {
        self.images = Mutex(images)
    }

    public var stored: [String: FetchedImage] { images.withLock { $0 } }

    public func image(forKey key: String) async -> FetchedImage? {
        reads.increment()
        return images.withLock { $0[key] }
    }

    public func store(_ image: FetchedImage, forKey key: String) async {
        writes.increment()
        images.withLock { $0[key] = image }
    }
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

    public func update<Result: Sendable>(_ change: @escaping @Sendable (inout PhotoFeed) -> Result) async throws -> Result {
        feeds.feeds.withLock { change(&$0[owner, default: PhotoFeed()]) }
    }
}

extension InMemoryPhotoFeedStore {
    /// One device's feed on a store of its own, for a suite that needs no other device.
    public init() {
        self.init(feeds: InMemoryPhotoFeeds(), owner: .console)
    }
}
