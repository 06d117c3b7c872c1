import Caching
import Foundation
import Synchronization
import Upstream

/// Thumbnails our origin serves in place of third-party images (PH-4, PH-10, PH-14), the way Nuke and
/// Kingfisher load images: memory cache → disk cache → one coalesced upstream fetch (per-fetch
/// timeout, a circuit breaker per origin, `image/*` and size checks) → stored in both caches. Whatever
/// fails, the answer is the placeholder drawn locally (`PlaceholderImage`), never a broken image.
/// Fallbacks never reach the disk cache, so a host that recovers gets its real image served later;
/// in memory they are kept for `fallbackLifetime` only.
public final class ThumbnailPipeline: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Bytes the memory cache may hold, overhead included.
        public var memoryBytes: Int
        /// The largest image accepted from a host.
        public var maximumImageBytes: Int
        /// How long one fetch may take.
        public var timeout: Duration
        /// Consecutive failures that open a host's breaker.
        public var breakerThreshold: Int
        /// How long an open breaker fails fast before a trial request.
        public var breakerCoolDown: Duration
        /// How long a fallback stays in memory before the host is asked again.
        public var fallbackLifetime: Duration
        /// Cold fetches from one host at once, and how many of them one client's requests may
        /// start; the rest wait their turn within `timeout`.
        public var coldFetches: ConnectionShares.Limits

        public init(
            memoryBytes: Int = 32 << 20, maximumImageBytes: Int = 2 << 20, timeout: Duration = .seconds(5),
            breakerThreshold: Int = 3, breakerCoolDown: Duration = .seconds(30), fallbackLifetime: Duration = .seconds(30),
            coldFetches: ConnectionShares.Limits = .init(perHost: 8, perParty: 4)
        ) {
            self.memoryBytes = memoryBytes
            self.maximumImageBytes = maximumImageBytes
            self.timeout = timeout
            self.breakerThreshold = breakerThreshold
            self.breakerCoolDown = breakerCoolDown
            self.fallbackLifetime = fallbackLifetime
            self.coldFetches = coldFetches
        }
    }

    /// Counters since start, for logs and benchmarks.
    public struct Statistics: Sendable, Hashable {
        public var memoryHits = 0
        public var diskHits = 0
        public var fetches = 0
        public var fallbacks = 0
        public var failFast = 0
    }

    public let configuration: Configuration
    public let memoryCache: MemoryImageCache
    public let breaker: CircuitBreaker
    private let fetcher: any ImageFetching
    private let diskCache: any ImageDiskCache
    private let clock: any PhotosClock
    private let coalescer = RequestCoalescer<String, Result<Thumbnail, UpstreamFailure>>()
    private let coldFetches: ConnectionShares
    private let counters = Mutex(Statistics())

    public init(
        fetcher: any ImageFetching, diskCache: any ImageDiskCache, configuration: Configuration = Configuration(),
        clock: any PhotosClock = SystemPhotosClock()
    ) {
        self.configuration = configuration
        self.fetcher = fetcher
        self.diskCache = diskCache
        self.clock = clock
        memoryCache = MemoryImageCache(capacityBytes: configuration.memoryBytes)
        breaker = CircuitBreaker(threshold: configuration.breakerThreshold, coolDown: configuration.breakerCoolDown, clock: clock)
        coldFetches = ConnectionShares(limits: configuration.coldFetches)
    }

    public var statistics: Statistics { counters.withLock { $0 } }

    /// The thumbnail of `photo`: its host's image, or the fallback drawn from its URL. `client`
    /// names who asks, so one client's cold fetches take at most its share of a host.
    public func thumbnail(for photo: Photo, client: String? = nil) async -> Thumbnail {
        await thumbnail(forURL: photo.thumbnailUrl, client: client)
    }

    /// The thumbnail at `address` (the cache key). Only http and https addresses are fetched.
    public func thumbnail(forURL address: String, client: String? = nil) async -> Thumbnail {
        if let cached = memoryCache.thumbnail(forKey: address, now: clock.now) {
            count(\.memoryHits)
            return cached
        }
        // The breaker and the shares are kept by origin (`scheme://host:port`, issue 33, item 5).
        guard let url = URL(string: address), let origin = UpstreamFault.origin(of: url) else {
            return fallback(for: address, remember: true)
        }
        let result = try? await coalescer.value(for: address) { [self] in
            await load(url, origin: origin, key: address, client: client)
        }
        switch result {
        case .success(let thumbnail): return thumbnail
        // A wait here for a turn is no fault of the host's: the next request asks again.
        case .failure(.busy): return fallback(for: address, remember: false)
        case .failure: return fallback(for: address, remember: true)
        case nil: return fallback(for: address, remember: false)  // this request was cancelled
        }
    }

    /// How many requests wait for the fetch of `address` now (diagnostics and tests).
    public func waitingRequests(forURL address: String) async -> Int {
        await coalescer.waiterCount(for: address)
    }

    /// Disk, then the host; run once per key however many requests wait for it.
    private func load(_ url: URL, origin: String, key: String, client: String?) async -> Result<Thumbnail, UpstreamFailure> {
        if let cached = memoryCache.thumbnail(forKey: key, now: clock.now), !cached.isFallback {
            return .success(cached)
        }
        let limit = configuration.maximumImageBytes
        if let stored = await diskCache.image(forKey: key), ImageValidation.failure(for: stored, maximumBytes: limit) == nil {
            count(\.diskHits)
            let thumbnail = Thumbnail(stored)
            memoryCache.insert(thumbnail, forKey: key)
            return .success(thumbnail)
        }
        if case .rejected(let failure) = breaker.permission(for: origin) {
            count(\.failFast)
            return .failure(failure)
        }
        let image: FetchedImage
        let turn = ConnectionShares.Turn()
        do {
            let fetcher = fetcher
            image = try await withFetchTimeout(configuration.timeout, clock: clock) { [self] in
                try await coldFetches.withSlot(host: origin, party: client, turn: turn) {
                    count(\.fetches)
                    return try await fetcher.fetchImage(at: url, maximumBytes: limit)
                }
            }
        } catch {
            let fault = turn.wasTaken
                ? UpstreamFault(catching: error, from: origin, otherwise: UpstreamFailure(catching: error))
                : UpstreamFault(.busy, origin: nil)
            breaker.record(fault, askedOf: origin)  // never a wait for a turn, nor a refusal of ours
            return .failure(fault.failure)
        }
        breaker.recordSuccess(for: origin)
        if let failure = ImageValidation.failure(for: image, maximumBytes: limit) {
            return .failure(failure)
        }
        let thumbnail = Thumbnail(image)
        await diskCache.store(FetchedImage(bytes: image.bytes, contentType: thumbnail.contentType), forKey: key)
        memoryCache.insert(thumbnail, forKey: key)
        return .success(thumbnail)
    }

    private func fallback(for address: String, remember: Bool) -> Thumbnail {
        count(\.fallbacks)
        let thumbnail = PlaceholderImage(url: address).thumbnail
        if remember {
            memoryCache.insert(thumbnail, forKey: address, expiresAt: clock.now + configuration.fallbackLifetime)
        }
        return thumbnail
    }

    private func count(_ counter: WritableKeyPath<Statistics, Int> & Sendable) {
        counters.withLock { $0[keyPath: counter] += 1 }
    }
}
