import Caching
import Foundation
import Synchronization
import Upstream

/// Fetches one README image by its absolute URL (GH-3). `party` names who asks (a device), so one
/// party takes at most its share of a host's connections. Throws `UpstreamFailure`
/// (`.rejected(.notAnImage)` for a media type outside `ReadmeImageRules.mediaTypes`,
/// `.rejected(.tooLarge)` over `maximumBytes`, `.rejected(.hostNotAllowed)` for an address that
/// is not public), or an `UpstreamFault`: that failure with the origin it came from (after a
/// redirect, the origin redirected to; none for a refusal of our own). A bare `UpstreamFailure`
/// is taken as the URL's own origin's, but `.rejected(.hostNotAllowed)`, which is ours.
public protocol ReadmeImageFetching: Sendable {
    func fetchImage(at url: URL, maximumBytes: Int, party: String?) async throws -> FetchedImage
}

/// An image as the proxy serves it: the bytes, the media type (lowercased, no parameters) and a
/// strong ETag over both.
public struct ReadmeImage: Sendable, Hashable {
    public let bytes: [UInt8]
    public let contentType: String
    public let etag: String

    public init(_ image: FetchedImage) {
        bytes = image.bytes
        contentType = ReadmeImageRules.mediaType(of: image.contentType)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a 64 over the type, a zero byte, the bytes
        for byte in Array(contentType.utf8) + [0] + bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        etag = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    public var isSVG: Bool { contentType == ReadmeImageRules.svg }
}

/// README images for the proxy (GH-3), loaded the way Photos' thumbnail pipeline loads thumbnails
/// (PH-4) and from the same shared pieces: memory cache → disk cache → one coalesced fetch per
/// URL (`RequestCoalescer`) behind a `CircuitBreaker` per origin → `ReadmeImageRules` → kept in
/// both caches.
///
/// The breaker is keyed by origin, `scheme://host:port` (issue 33, item 5): any README can name
/// `host:1`, and its refusals must not close `https://host` to everyone. It counts only what an
/// origin itself did (`CircuitBreaker.counts`: refused or dropped connections, a name that does
/// not resolve, no answer in time, 5xx), against the origin that did it (`UpstreamFault.origin`;
/// after a redirect, the origin redirected to, while the one that redirected answered and is
/// alive). It never counts our own refusals: an address that is not public, an origin or scheme
/// we do not follow a redirect to (`file:`, `gopher:`), a wait for a turn; nor an answer we
/// refuse (not an image, too large, too many pixels), which is a live host's. Badges change, so an image is fresh for `imageLifetime` (in memory by the monotonic
/// clock; on disk by the fetch time stored with it, so a restart keeps it), then fetched again. A
/// failure is remembered in memory for `failureLifetime`, so a broken image on a popular README
/// costs one fetch, not one per view; failures never reach the disk.
public final class ReadmeImages: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Bytes the memory cache may hold.
        public var memoryBytes: Int
        /// The largest image served (camo's default is 5 MB).
        public var maximumImageBytes: Int
        /// The most pixels (width × height) a raster image may declare.
        public var maximumPixels: Int
        /// The most pixels a side.
        public var maximumSide: Int
        public var breakerThreshold: Int
        public var breakerCoolDown: Duration
        /// How long an image is served before it is fetched again.
        public var imageLifetime: Duration
        /// How long a failure is answered from memory before the host is asked again.
        public var failureLifetime: Duration

        public init(
            memoryBytes: Int = 32 << 20, maximumImageBytes: Int = 5 << 20, maximumPixels: Int = 25_000_000,
            maximumSide: Int = 16_384, breakerThreshold: Int = 3, breakerCoolDown: Duration = .seconds(30),
            imageLifetime: Duration = .seconds(3600), failureLifetime: Duration = .seconds(60)
        ) {
            self.memoryBytes = memoryBytes
            self.maximumImageBytes = maximumImageBytes
            self.maximumPixels = maximumPixels
            self.maximumSide = maximumSide
            self.breakerThreshold = breakerThreshold
            self.breakerCoolDown = breakerCoolDown
            self.imageLifetime = imageLifetime
            self.failureLifetime = failureLifetime
        }
    }

    /// Counters since start, for tests and logs.
    public struct Statistics: Sendable, Hashable {
        public var memoryHits = 0
        public var diskHits = 0
        public var fetches = 0
        public var failures = 0
    }

    private enum Entry: Sendable {
        case image(ReadmeImage, until: Duration)
        case failure(UpstreamFailure, until: Duration)
    }

    public let configuration: Configuration
    public let breaker: CircuitBreaker
    private let fetcher: any ReadmeImageFetching
    private let diskCache: any ImageDiskCache
    private let now: @Sendable () -> Duration
    private let wallClock: @Sendable () -> Date
    private let memory: Mutex<LRUCache<String, Entry>>
    private let coalescer = RequestCoalescer<String, Result<ReadmeImage, UpstreamFailure>>()
    private let counters = Mutex(Statistics())

    /// `now` is monotonic time since an arbitrary origin, `wallClock` the date stored with an
    /// image on disk (tests move both by hand).
    public init(
        fetcher: any ReadmeImageFetching, diskCache: any ImageDiskCache, configuration: Configuration = Configuration(),
        now: (@Sendable () -> Duration)? = nil, wallClock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.wallClock = wallClock
        self.configuration = configuration
        self.fetcher = fetcher
        self.diskCache = diskCache
        let origin = ContinuousClock.now
        let clock: @Sendable () -> Duration = now ?? { origin.duration(to: ContinuousClock.now) }
        self.now = clock
        memory = Mutex(LRUCache(capacity: configuration.memoryBytes))
        breaker = CircuitBreaker(threshold: configuration.breakerThreshold, coolDown: configuration.breakerCoolDown, now: clock)
    }

    public var statistics: Statistics { counters.withLock { $0 } }

    /// The image at `url` (http or https only), or why it cannot be shown.
    public func image(at url: URL, party: String? = nil) async -> Result<ReadmeImage, UpstreamFailure> {
        let key = url.absoluteString
        if let cached = cached(key) {
            count(\.memoryHits)
            return cached
        }
        guard let origin = UpstreamFault.origin(of: url) else { return .failure(.rejected(.hostNotAllowed)) }
        let result = try? await coalescer.value(for: key) { [self] in
            await load(url, origin: origin, key: key, party: party)
        }
        return result ?? .failure(.busy)  // nil: this request was cancelled
    }

    /// How many requests wait for the load of `url` now (for tests).
    public func waitingRequests(for url: URL) async -> Int {
        await coalescer.waiterCount(for: url.absoluteString)
    }

    private func cached(_ key: String) -> Result<ReadmeImage, UpstreamFailure>? {
        let moment = now()
        return memory.withLock { cache in
            switch cache.value(forKey: key) {
            case .image(let image, let until)? where moment < until: return .success(image)
            case .failure(let failure, let until)? where moment < until: return .failure(failure)
            case .image?, .failure?:
                cache.removeValue(forKey: key)
                return nil
            case nil: return nil
            }
        }
    }

    /// Disk, then the host; run once per URL however many requests wait for it.
    private func load(_ url: URL, origin: String, key: String, party: String?) async -> Result<ReadmeImage, UpstreamFailure> {
        if let cached = cached(key) { return cached }
        if let stored = await diskCache.image(forKey: key), let age = age(of: stored), age < configuration.imageLifetime,
           validate(stored) == nil {
            count(\.diskHits)
            let image = ReadmeImage(stored)
            remember(.image(image, until: now() + configuration.imageLifetime - age), cost: image.bytes.count, key)
            return .success(image)
        }
        if case .rejected(let failure) = breaker.permission(for: origin) {
            return fail(failure, key)
        }
        let fetched: FetchedImage
        do {
            count(\.fetches)
            fetched = try await fetcher.fetchImage(at: url, maximumBytes: configuration.maximumImageBytes, party: party)
        } catch {
            let fault = UpstreamFault(catching: error, from: origin, otherwise: .offline)
            // A wait for a turn is no fault of the host's or the image's: the next request asks again.
            if fault.failure == .busy { return .failure(.busy) }
            breaker.record(fault, askedOf: origin)
            return fail(fault.failure, key)
        }
        breaker.recordSuccess(for: origin)
        if let failure = validate(fetched) { return fail(failure, key) }
        let image = ReadmeImage(fetched)
        let fetchedAt = Int(wallClock().timeIntervalSince1970)
        await diskCache.store(FetchedImage(bytes: image.bytes, contentType: "\(image.contentType); fetched=\(fetchedAt)"), forKey: key)
        remember(.image(image, until: now() + configuration.imageLifetime), cost: image.bytes.count, key)
        return .success(image)
    }

    /// How long ago an image on disk was fetched, from the `fetched=<seconds since 1970>`
    /// parameter stored with its media type; nil without one.
    private func age(of stored: FetchedImage) -> Duration? {
        guard let parameter = stored.contentType.split(separator: ";").dropFirst()
            .map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { $0.hasPrefix("fetched=") }),
            let seconds = Int(parameter.dropFirst("fetched=".count))
        else { return nil }
        let age = Int(wallClock().timeIntervalSince1970) - seconds
        return age >= 0 ? .seconds(age) : nil
    }

    private func validate(_ image: FetchedImage) -> UpstreamFailure? {
        ReadmeImageRules.failure(
            for: image, maximumBytes: configuration.maximumImageBytes, maximumPixels: configuration.maximumPixels,
            maximumSide: configuration.maximumSide)
    }

    private func fail(_ failure: UpstreamFailure, _ key: String) -> Result<ReadmeImage, UpstreamFailure> {
        count(\.failures)
        remember(.failure(failure, until: now() + configuration.failureLifetime), cost: 0, key)
        return .failure(failure)
    }

    private func remember(_ entry: Entry, cost: Int, _ key: String) {
        memory.withLock { _ = $0.insert(entry, forKey: key, cost: cost + key.utf8.count + 160) }
    }

    private func count(_ counter: WritableKeyPath<Statistics, Int> & Sendable) {
        counters.withLock { $0[keyPath: counter] += 1 }
    }
}
