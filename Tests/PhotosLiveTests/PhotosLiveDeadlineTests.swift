import LoopbackSupport
import PhotosLive
import Testing
import Upstream

/// Issue 21: the deadline covers the whole exchange, body included, for the photo list and for
/// thumbnails alike; AsyncHTTPClient's own deadline ends with the head.
@Suite("The photo list and thumbnails: a deadline on head and body")
struct PhotosLiveDeadlineTests {
    @Test("a photo list that stalls after its head, or trickles, fails .timedOut at the deadline", arguments: [
        JSONPlaceholderStandIn.SlowBody.stallAfterHead, .trickle(every: .milliseconds(10)),
    ])
    func photoList(slow: JSONPlaceholderStandIn.SlowBody) async throws {
        try await withJSONPlaceholder(photoCount: 3, configure: { $0.requestTimeout = .seconds(1) }) { standIn, client in
            standIn.setFaults { $0.slowBody = slow }
            await #expect(throws: UpstreamFailure.timedOut) {
                _ = try await JSONPlaceholderClient(client: client).allPhotos()
            }
        }
    }

    @Test("a thumbnail that stalls after its head, or trickles, fails .timedOut at the deadline", arguments: [
        JSONPlaceholderStandIn.SlowBody.stallAfterHead, .trickle(every: .milliseconds(10)),
    ])
    func thumbnail(slow: JSONPlaceholderStandIn.SlowBody) async throws {
        try await withJSONPlaceholder(configure: { $0.requestTimeout = .seconds(1) }) { standIn, client in
            standIn.setFaults { $0.slowBody = slow }
            await #expect(throws: UpstreamFailure.timedOut) {
                _ = try await HTTPImageFetcher(client: client).fetchImage(
                    at: standIn.baseURL.appendingPathComponent("150/92c952"), maximumBytes: 64 * 1024)
            }
        }
    }
}
