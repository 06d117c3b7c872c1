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

/// The Photos app's actions on one device's feed (PH-3, PH-7, PH-8, PH-9), over the shared
/// catalogue, so no rule lives in a route. The feed store is per device; pass the device's.
public struct PhotosService: Sendable {
    public let catalogue: PhotoCatalogue
    /// How long an action waits for a list still loading before it says `.timedOut`.
    public let readinessTimeout: Duration

    public init(catalogue: PhotoCatalogue, readinessTimeout: Duration = .seconds(5)) {
        self.catalogue = catalogue
        self.readinessTimeout = readinessTimeout
    }

    /// The screen for the device whose feed `store` holds (PH-9).
    public func screen(store: some PhotoFeedStore, failure: UpstreamFailure? = nil, catalogue strings: Catalogue) async throws -> PhotosScreen {
        let feed = try await store.feed()
        let status = await catalogue.status
        return PhotosScreen(feed: feed, photos: status.state, failure: failure, nextAttemptIn: status.nextAttemptIn, catalogue: strings)
    }

    /// "Add element" (PH-3): waits (bounded) for the list, retrying it when it had failed, then
    /// appends the next photo and saves the feed. Throws only what the store throws.
    public func addNext(store: some PhotoFeedStore) async throws -> PhotosActionResult {
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
    public func clear(store: some PhotoFeedStore) async throws {
        try await store.update { $0.clear() }
    }

    /// The photo with `id` (the thumbnail route's lookup); nil means 404.
    public func photo(id: Int) async -> Photo? {
        await catalogue.photo(id: id)
    }
}
