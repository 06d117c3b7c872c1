import Foundation
import LoopbackSupport
import Photos
import PhotosLive
import Testing
import Upstream
import UpstreamHTTP

@Suite("HTTPImageFetcher against the loopback stand-in")
struct HTTPImageFetcherTests {
    /// The image client as production builds it, with loopback-friendly timeouts.
    private func imageClient(_ configuration: inout UpstreamConfiguration) {
        var images = HTTPImageFetcher.configuration(connectTimeout: .seconds(2), requestTimeout: .seconds(30))
        images.now = configuration.now
        configuration = images
    }

    @Test("a thumbnail by its absolute URL: the bytes and the declared image type")
    func thumbnail() async throws {
        try await withJSONPlaceholder(configure: imageClient) { standIn, client in
            let fetcher = HTTPImageFetcher(client: client)
            let image = try await fetcher.fetchImage(
                at: standIn.baseURL.appendingPathComponent("150/92c952"), maximumBytes: 64 * 1024)
            #expect(image.contentType == "image/svg+xml")
            let svg = String(decoding: image.bytes, as: UTF8.self)
            #expect(svg.contains(##"fill="#92c952""##))
            #expect(svg.contains("150 x 150"))
            #expect(standIn.hits("/150/92c952") == 1)
        }
    }

    @Test("an answer that is not image/* is .rejected(.notAnImage)")
    func notAnImage() async throws {
        try await withJSONPlaceholder(configure: imageClient) { standIn, client in
            standIn.setFaults { $0.nonImageContentType = true }
            await #expect(throws: UpstreamFailure.rejected(.notAnImage)) {
                _ = try await HTTPImageFetcher(client: client).fetchImage(
                    at: standIn.baseURL.appendingPathComponent("150/92c952"), maximumBytes: 64 * 1024)
            }
        }
    }

    @Test("an image over the cap is .rejected(.tooLarge), with or without Content-Length")
    func tooLarge() async throws {
        try await withJSONPlaceholder(configure: imageClient) { standIn, client in
            let fetcher = HTTPImageFetcher(client: client)
            let url = standIn.baseURL.appendingPathComponent("150/92c952")
            standIn.setFaults { $0.oversizedImage = .declared }
            await #expect(throws: UpstreamFailure.rejected(.tooLarge)) {
                _ = try await fetcher.fetchImage(at: url, maximumBytes: 64 * 1024)
            }
            standIn.setFaults { $0.oversizedImage = .chunked }
            await #expect(throws: UpstreamFailure.rejected(.tooLarge)) {
                _ = try await fetcher.fetchImage(at: url, maximumBytes: 64 * 1024)
            }
            // The same image under a cap it fits is fetched whole.
            let whole = try await fetcher.fetchImage(at: url, maximumBytes: JSONPlaceholderStandIn.oversizedBytes)
            #expect(whole.bytes.count == JSONPlaceholderStandIn.oversizedBytes)
            #expect(whole.contentType == "image/png")
        }
    }

    @Test("redirects: three are followed, a fourth is a failure")
    func redirects() async throws {
        try await withJSONPlaceholder(configure: imageClient) { standIn, client in
            let fetcher = HTTPImageFetcher(client: client)
            let image = try await fetcher.fetchImage(at: standIn.baseURL.appendingPathComponent("redirect/2"), maximumBytes: 64 * 1024)
            #expect(image.contentType == "image/svg+xml")
            await #expect(throws: UpstreamFailure.server(status: 302)) {
                _ = try await fetcher.fetchImage(at: standIn.baseURL.appendingPathComponent("redirect/3"), maximumBytes: 64 * 1024)
            }
        }
    }

    @Test("the allow-list names origins: another port, scheme, user info or spelling of the host is refused, also after a redirect")
    func allowedOrigins() async throws {
        let standIn = try await JSONPlaceholderStandIn.start(photoCount: 5)
        var configuration = UpstreamConfiguration(baseURL: nil, connectTimeout: .seconds(2), requestTimeout: .seconds(30))
        configuration.allowedOrigins = [UpstreamOrigin(standIn.baseURL)!]
        let client = UpstreamClient(configuration: configuration, logger: quietLogger)
        let fetcher = HTTPImageFetcher(client: client)
        let port = standIn.port
        let allowed = try? await fetcher.fetchImage(at: URL(string: "http://127.0.0.1:\(port)/150/92c952")!, maximumBytes: 64 * 1024)
        #expect(allowed?.contentType == "image/svg+xml")
        for address in [
            "http://127.0.0.1:\(port + 1)/150/92c952", "https://127.0.0.1:\(port)/150/92c952",
            "http://user:pass@127.0.0.1:\(port)/150/92c952", "http://%31%32%37.0.0.1:\(port)/150/92c952",
            "http://127.0.0.1:\(port)/redirect/otherport", "http://127.0.0.1:\(port)/redirect/elsewhere",
        ] {
            await #expect(throws: UpstreamFailure.rejected(.hostNotAllowed), "\(address)") {
                _ = try await fetcher.fetchImage(at: URL(string: address)!, maximumBytes: 64 * 1024)
            }
        }
        #expect(standIn.hits("/150/92c952") == 1, "only the allowed fetch reached the host")
        try await client.shutdown()
        await standIn.stop()
    }

    @Test("faults of the image host: 404 is .notFound, 500 is .server, stopped is .offline")
    func hostFaults() async throws {
        try await withJSONPlaceholder(configure: imageClient) { standIn, client in
            let fetcher = HTTPImageFetcher(client: client)
            let url = standIn.baseURL.appendingPathComponent("150/92c952")
            await #expect(throws: UpstreamFailure.notFound) {
                _ = try await fetcher.fetchImage(at: standIn.baseURL.appendingPathComponent("huge/92c952"), maximumBytes: 1024)
            }
            standIn.setFaults { $0.serverError = true }
            await #expect(throws: UpstreamFailure.server(status: 500)) { _ = try await fetcher.fetchImage(at: url, maximumBytes: 1024) }
            await standIn.stop()
            await #expect(throws: UpstreamFailure.offline) { _ = try await fetcher.fetchImage(at: url, maximumBytes: 1024) }
        }
    }

    @Test("an image host slower than the request timeout is .timedOut")
    func hostTimeout() async throws {
        try await withJSONPlaceholder(configure: { configuration in
            imageClient(&configuration)
            configuration.requestTimeout = .milliseconds(200)
        }) { standIn, client in
            standIn.setFaults { $0.delay = .seconds(2) }
            await #expect(throws: UpstreamFailure.timedOut) {
                _ = try await HTTPImageFetcher(client: client).fetchImage(
                    at: standIn.baseURL.appendingPathComponent("150/92c952"), maximumBytes: 1024)
            }
        }
    }

    @Test("only http and https URLs are fetched")
    func schemes() async throws {
        try await withJSONPlaceholder(configure: imageClient) { _, client in
            await #expect(throws: UpstreamFailure.self) {
                _ = try await HTTPImageFetcher(client: client).fetchImage(at: URL(string: "file:///etc/passwd")!, maximumBytes: 1024)
            }
        }
    }
}
