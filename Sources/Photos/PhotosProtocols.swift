import Caching
import Foundation

/// Where the photos come from (PH-2, PH-8): jsonplaceholder's `/photos` in production, a loopback
/// stand-in in tests. Throws `UpstreamFailure`.
public protocol PhotoSource: Sendable {
    /// The whole list, in the service's order.
    func allPhotos() async throws -> [Photo]
    /// One photo; nil when the service says there is no such id.
    func photo(id: Int) async throws -> Photo?
}

/// Fetches one image by its absolute URL. Throws `UpstreamFailure` (`.rejected` for an answer
/// that is not `image/*` or is over `maximumBytes`).
public protocol ImageFetching: Sendable {
    func fetchImage(at url: URL, maximumBytes: Int) async throws -> FetchedImage
}

/// The whole list of photos kept between starts, so a restart without network still knows them.
public protocol PhotoListArchive: Sendable {
    func load() async -> [Photo]?
    func save(_ photos: [Photo]) async
}

/// One device's feed (PH-3, PH-7, PH-9): the ids it has shown, in order, and the position in the
/// list of the next photo "Add element" adds. Stored per device (SQLite in production).
public protocol PhotoFeedStore: Sendable {
    func feed() async throws -> PhotoFeed
    func save(_ feed: PhotoFeed) async throws
    /// Reads the feed, applies `change` and saves the result as one step no other change to this
    /// device's feed can come between (two quick taps on "Add element" add two photos, not one).
    func update<Result: Sendable>(_ change: @escaping @Sendable (inout PhotoFeed) -> Result) async throws -> Result
}
