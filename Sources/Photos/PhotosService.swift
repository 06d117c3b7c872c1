import Localization
import Upstream

/// What an action on the feed came to (PH-3, PH-15).
public enum PhotosActionResult: Sendable, Hashable {
    /// The photo "Add element" appended.
    case added(Photo)
    /// Every photo is shown already; the feed did not change.
    case endOfList
    /// The list could not be had (not loaded in time, or the service failed); the feed did not change.
    case failed(UpstreamFailure)
}

/// One device's Photos (PH-3, PH-7, PH-8, PH-9): its feed over the shared catalogue, the one type
/// the web face calls. It owns the device's store and every decision, among them asking for a list
/// that failed again, so no rule lives in a route.
public struct PhotosService<Store: PhotoFeedStore>: Sendable {
    let store: Store
    /// The list of photos, shared by every device.
    public let catalogue: PhotoCatalogue
    /// How long an action waits for a list still loading before it says `.timedOut`.
    public let readinessTimeout: Duration

    public init(store: Store, catalogue: PhotoCatalogue, readinessTimeout: Duration = PhotoCatalogue.readinessTimeout) {
        self.store = store
        self.catalogue = catalogue
        self.readinessTimeout = readinessTimeout
    }

    /// The screen to show (PH-9). A list that failed to load is asked for again in the background
    /// as the screen shows its error (once the wait after the failure is over), so "Try again" and
    /// a plain reload both retry.
    public func screen(failure: UpstreamFailure? = nil, catalogue strings: Catalogue) async throws -> PhotosScreen {
        let feed = try await store.feed()
        let status = await catalogue.status
        let screen = PhotosScreen(feed: feed, photos: status.state, failure: failure, nextAttemptIn: status.nextAttemptIn, catalogue: strings)
        if screen.phase == .failed { await catalogue.start() }
        return screen
    }

    /// "Add element" (PH-3): waits (bounded) for the list, retrying it when it had failed, then
    /// appends the next photo and saves the feed. Throws only what the store throws.
    public func addNext() async throws -> PhotosActionResult {
        if case .failed = await catalogue.state {
            await catalogue.start()
        }
        let state = await catalogue.ready(within: readinessTimeout)
        switch state {
        case .loading:
            return .failed(.timedOut)
        case .failed(let failure):
            return .failed(failure)
        case .ready(let list):
            switch try await store.update({ $0.addNext(from: list) }) {
            case .endOfList:
                return .endOfList
            case .added(let photo):
                return .added(photo)
            }
        }
    }

    /// "Clear list" (PH-7): empties the feed; the next add starts from the first photo.
    public func clear() async throws {
        try await store.update { $0.clear() }
    }
}

extension PhotoCatalogue {
    /// How long an action waits for a list still loading, unless the deck says otherwise.
    public static let readinessTimeout: Duration = .seconds(5)
}
