import Localization
import Upstream

/// What the Photos screen shows (PH-1, PH-5, PH-6, PH-12, PH-13, PH-14, PH-15), built from one
/// device's feed, the catalogue's state and the strings of the person's language. A pure value:
/// the web face draws it and decides nothing.
public struct PhotosScreen: Sendable, Hashable {
    /// One element of the collection (PH-5): its title; the web face knows where its own origin
    /// serves the thumbnail (PH-4).
    public struct Item: Sendable, Hashable, Identifiable {
        public let id: Int
        public let title: String
    }

    /// Where the whole list stands (PH-8, PH-14).
    public enum Phase: Sendable, Hashable {
        case loading
        case ready
        case failed
    }

    /// A titled message: the alert after a failed action (PH-15) or the catalogue's error state.
    public struct Message: Sendable, Hashable {
        public let title: String
        public let text: String
        /// Whether the failure is the lack of a network, the alert PH-15 asks for.
        public let isOffline: Bool
    }

    public let title: String
    /// The shown elements, in the order they were added (PH-9). Ids the list no longer holds are
    /// skipped, not forgotten.
    public let items: [Item]
    /// "3 elements" (PH-12), pluralized in the person's language.
    public let countText: String
    /// "Brak miniaturek do wyświetlenia" when nothing is shown (PH-6); nil otherwise, while shown
    /// elements wait for the list to load, and when the list failed (its error state shows).
    public let emptyText: String?
    public let addTitle: String
    public let clearTitle: String
    public let retryTitle: String
    public let okTitle: String
    /// "Add element" has something to do: a next photo, or a list still to load or retry.
    public let canAdd: Bool
    /// "Clear list" is enabled only once an element is shown (PH-13).
    public let canClear: Bool
    /// Every photo of the list is shown; `endOfListText` says so and how to start again (PH-3).
    public let isAtEndOfList: Bool
    public let endOfListText: String?
    public let phase: Phase
    /// The activity indicator's label while the list loads (PH-14).
    public let loadingText: String?
    /// The error state when the list could not be loaded and nothing was archived, with "Try again".
    public let catalogueFailure: Message?
    /// The last action's failure, shown as an alert (PH-15).
    public let alert: Message?

    /// - Parameters:
    ///   - feed: the device's feed.
    ///   - photos: the catalogue's state.
    ///   - failure: why the last action (add, clear, retry) failed, if it did.
    ///   - nextAttemptIn: when a failed list will be asked for again.
    ///   - catalogue: the strings of the person's language.
    public init(
        feed: PhotoFeed, photos: PhotoCatalogueState, failure: UpstreamFailure? = nil, nextAttemptIn: Duration? = nil,
        catalogue: Catalogue
    ) {
        title = catalogue.text("photos.title")
        addTitle = catalogue.text("photos.action.add")
        clearTitle = catalogue.text("photos.action.clear")
        retryTitle = catalogue.text("photos.action.retry")
        okTitle = catalogue.text("photos.action.ok")

        let list = photos.list
        items = list.map { list in
            feed.shownPhotos(in: list).map {
                Item(id: $0.id, title: $0.title)
            }
        } ?? []
        // Before the list is read (right after a start) the device's own shown ids are the count
        // (issue 46, item 15: it said "0 elements" beside "Loading photos…").
        countText = catalogue.plural("photos.count", count: list == nil ? feed.shownIDs.count : items.count)
        // While the list failed to load, its error state says it all; "no thumbnails" beside it would not.
        let listFailed = if case .failed = photos { true } else { false }
        emptyText = items.isEmpty && !listFailed && (list != nil || feed.shownIDs.isEmpty) ? catalogue.text("photos.empty") : nil
        canClear = feed.canClear

        switch photos {
        case .loading:
            phase = .loading
            loadingText = catalogue.text("photos.loading")
            catalogueFailure = nil
            isAtEndOfList = false
            endOfListText = nil
            canAdd = true
        case .failed(let reason):
            phase = .failed
            loadingText = nil
            let nextTry = nextAttemptIn.map {
                " " + catalogue.plural("photos.failed.nextTry", count: Int($0.components.seconds) + 1)
            }
            catalogueFailure = Message(
                title: catalogue.text("photos.failed.title"), text: Self.text(for: reason, catalogue: catalogue) + (nextTry ?? ""),
                isOffline: reason == .offline)
            isAtEndOfList = false
            endOfListText = nil
            canAdd = true
        case .ready(let list):
            phase = .ready
            loadingText = nil
            catalogueFailure = nil
            isAtEndOfList = !feed.hasNext(inListOf: list.count)
            endOfListText = !isAtEndOfList ? nil
                : list.isEmpty ? catalogue.text("photos.noPhotos")
                : catalogue.plural("photos.endOfList", count: list.count)
            canAdd = !isAtEndOfList
        }

        alert = failure.map {
            Message(
                title: catalogue.text($0 == .offline ? "photos.alert.offline" : "photos.alert.other"),
                text: Self.text(for: $0, catalogue: catalogue), isOffline: $0 == .offline)
        }
    }

    public var isEmpty: Bool { items.isEmpty }

    /// A sentence explaining `failure` in the person's language.
    public static func text(for failure: UpstreamFailure, catalogue: Catalogue) -> String {
        switch failure {
        case .offline: catalogue.text("photos.failure.offline")
        case .timedOut: catalogue.text("photos.failure.timedOut")
        case .busy: catalogue.text("photos.failure.busy")
        case .badCredentials: catalogue.text("photos.failure.badCredentials")
        case .rateLimited: catalogue.text("photos.failure.rateLimited")
        case .notFound: catalogue.text("photos.failure.notFound")
        case .server(let status): catalogue.text("photos.failure.server", ["status": String(status)])
        case .unreadable: catalogue.text("photos.failure.unreadable")
        case .rejected: catalogue.text("photos.failure.rejected")
        }
    }
}
