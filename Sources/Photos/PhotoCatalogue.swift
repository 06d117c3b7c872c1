import Upstream

/// Where the whole list stands (PH-8): not known yet, known, or unknown because the service failed
/// and nothing was archived.
public enum PhotoCatalogueState: Sendable, Hashable {
    /// No list yet: the archive was empty and the first refresh is under way.
    case loading
    /// A list to work with, from the archive or from the service.
    case ready(PhotoList)
    /// The refresh failed and there is no archived list to fall back on.
    case failed(UpstreamFailure)

    /// The list, when there is one.
    public var list: PhotoList? {
        if case .ready(let list) = self { list } else { nil }
    }
}

/// The whole list of photos for every device (PH-2, PH-8): read first from a `PhotoListArchive`,
/// so a restart without network still knows the photos, then refreshed from the `PhotoSource` in
/// the background at every start and archived again. A refresh that fails keeps the archived list
/// (`state` stays `.ready`, `lastRefreshFailure` says why); only with nothing archived is the
/// state `.failed`.
///
/// After a failure the service is asked again only once `nextAttempt` has come: the wait doubles
/// with each failure in a row, up to a cap, with jitter so that many servers restarted together
/// do not ask in step. However often pages ask meanwhile, at most one fetch is in flight.
public actor PhotoCatalogue {
    /// How long to wait before asking again after failures in a row.
    public struct RetryPolicy: Sendable, Hashable {
        public var first: Duration
        public var maximum: Duration
        /// Each wait is scaled by a random factor in `1 - jitter ... 1 + jitter`.
        public var jitter: Double

        public init(first: Duration = .seconds(2), maximum: Duration = .seconds(300), jitter: Double = 0.2) {
            self.first = first
            self.maximum = max(first, maximum)
            self.jitter = min(max(0, jitter), 0.9)
        }

        /// The wait after `failures` failures in a row (at least one), before jitter.
        public func delay(afterFailures failures: Int) -> Duration {
            let doublings = min(max(0, failures - 1), 30)
            let grown = first * (1 << doublings)
            return min(grown, maximum)
        }
    }

    /// The catalogue as a screen or a log wants it at one moment.
    public struct Status: Sendable, Hashable {
        public let state: PhotoCatalogueState
        /// Whether a refresh from the service is under way (PH-14).
        public let isRefreshing: Bool
        /// Why the last refresh failed; nil once one succeeds.
        public let lastRefreshFailure: UpstreamFailure?
        /// How long until the service may be asked again after a failure; nil when it may be now.
        public let nextAttemptIn: Duration?
    }

    private let source: any PhotoSource
    private let archive: any PhotoListArchive
    private let clock: any PhotosClock
    private let retryPolicy: RetryPolicy
    private let randomFactor: @Sendable (ClosedRange<Double>) -> Double

    public private(set) var state: PhotoCatalogueState = .loading
    public private(set) var lastRefreshFailure: UpstreamFailure?
    private var archiveRead = false
    private var refreshTask: Task<Void, Never>?
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter: UInt64 = 0
    private var failuresInARow = 0
    /// When the service may be asked again, by `clock`; nil when it may be now.
    private var nextAttempt: Duration?

    public init(
        source: any PhotoSource, archive: any PhotoListArchive, clock: any PhotosClock = SystemPhotosClock(),
        retryPolicy: RetryPolicy = RetryPolicy(),
        randomFactor: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.source = source
        self.archive = archive
        self.clock = clock
        self.retryPolicy = retryPolicy
        self.randomFactor = randomFactor
    }

    /// Reads the archive (once), then starts a refresh in the background and returns without
    /// waiting for it (PH-8). Calling it again starts another refresh only if none is running and
    /// the wait after a failure is over.
    public func start() async {
        await readArchive()
        guard mayAskNow else { return }
        startRefresh()
    }

    /// Refreshes from the service now, unless the wait after a failure is not over, and returns
    /// the state afterwards. Joins a refresh already under way instead of starting a second one.
    @discardableResult
    public func refresh() async -> PhotoCatalogueState {
        await readArchive()
        if let refreshTask {
            await refreshTask.value
        } else if mayAskNow {
            await startRefresh().value
        }
        return state
    }

    public var status: Status {
        Status(state: state, isRefreshing: refreshTask != nil, lastRefreshFailure: lastRefreshFailure, nextAttemptIn: nextAttemptIn)
    }

    /// How long until the service may be asked again; nil when it may be now.
    public var nextAttemptIn: Duration? {
        guard let nextAttempt, refreshTask == nil else { return nil }
        let left = nextAttempt - clock.now
        return left > .zero ? left : nil
    }

    private var mayAskNow: Bool { nextAttemptIn == nil }

    /// The photo with `id`, nil when the list does not hold it or there is no list yet.
    public func photo(id: Int) -> Photo? {
        state.list?.photo(id: id)
    }

    /// The state once it is no longer `.loading`, or `.loading` when `timeout` passes first (by
    /// the catalogue's clock). Cancelling the waiting task ends the wait at once.
    public func ready(within timeout: Duration) async -> PhotoCatalogueState {
        guard case .loading = state else { return state }
        let clock = clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitUntilSettled() }
            group.addTask { try? await clock.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        return state
    }

    // MARK: - Loading

    private func readArchive() async {
        guard !archiveRead else { return }
        archiveRead = true
        if let archived = await archive.load(), case .loading = state {
            settle(.ready(PhotoList(archived)))
        }
    }

    @discardableResult
    private func startRefresh() -> Task<Void, Never> {
        if let refreshTask { return refreshTask }
        // A retry after a failure with nothing archived shows as loading again until it settles.
        if case .failed = state { state = .loading }
        let task = Task { await self.performRefresh() }
        refreshTask = task
        return task
    }

    private func performRefresh() async {
        defer { refreshTask = nil }
        do {
            let photos = try await source.allPhotos()
            lastRefreshFailure = nil
            failuresInARow = 0
            nextAttempt = nil
            settle(.ready(PhotoList(photos)))
            await archive.save(photos)
        } catch is CancellationError {
            return
        } catch {
            let failure = UpstreamFailure(catching: error)
            lastRefreshFailure = failure
            failuresInARow += 1
            let wait = retryPolicy.delay(afterFailures: failuresInARow)
            nextAttempt = clock.now + wait * randomFactor((1 - retryPolicy.jitter)...(1 + retryPolicy.jitter))
            if state.list == nil { settle(.failed(failure)) }
        }
    }

    private func settle(_ newState: PhotoCatalogueState) {
        state = newState
        let settled = waiters
        waiters = [:]
        for waiter in settled.values { waiter.resume() }
    }

    // MARK: - Waiting

    private func waitUntilSettled() async {
        let id = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if case .loading = state, !Task.isCancelled {
                    waiters[id] = continuation
                } else {
                    continuation.resume()
                }
            }
        } onCancel: {
            Task { await self.stopWaiting(id) }
        }
    }

    private func stopWaiting(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.resume()
    }
}

extension UpstreamFailure {
    /// `error` itself when the client already mapped it; otherwise `.unreadable`, the closest of
    /// the closed set for an answer the core cannot use.
    init(catching error: any Error) {
        self = (error as? UpstreamFailure) ?? .unreadable
    }
}
