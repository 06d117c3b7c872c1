import Foundation
import LoopbackSupport
import NIOCore
import Testing
import Upstream
import UpstreamHTTP

@Suite("UpstreamClient: statuses, rate limits, conditional requests, logs")
struct UpstreamClientTests {
    private struct Repo: Decodable, Sendable, Equatable {
        let name: String
        let stars: Int
    }

    @Test(
        "statuses map to the closed set",
        arguments: [
            (401, UpstreamFailure.badCredentials),
            (403, UpstreamFailure.server(status: 403)),
            (404, UpstreamFailure.notFound),
            (418, UpstreamFailure.server(status: 418)),
            (500, UpstreamFailure.server(status: 500)),
            (503, UpstreamFailure.server(status: 503)),
        ])
    func statuses(status: Int, failure: UpstreamFailure) async throws {
        try await withJSONPlaceholder { _, client in
            await #expect(throws: failure) { _ = try await client.get(path: "/status/\(status)") }
        }
    }

    @Test("403 with x-ratelimit-remaining: 0 is .rateLimited, reset time from x-ratelimit-reset")
    func rateLimitedByHeaders() async throws {
        try await withJSONPlaceholder { _, client in
            await #expect(throws: UpstreamFailure.rateLimited(resetsAt: Date(timeIntervalSince1970: 1_900_000_000))) {
                _ = try await client.get(path: "/status/403?remaining=0&reset=1900000000")
            }
        }
    }

    @Test("429 with retry-after seconds is .rateLimited at now + that; a bare 429 too, with no time")
    func rateLimitedByRetryAfter() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try await withJSONPlaceholder(configure: { $0.now = { now } }) { _, client in
            await #expect(throws: UpstreamFailure.rateLimited(resetsAt: now.addingTimeInterval(120))) {
                _ = try await client.get(path: "/status/429?retryAfter=120")
            }
            await #expect(throws: UpstreamFailure.rateLimited(resetsAt: nil)) {
                _ = try await client.get(path: "/status/429")
            }
            await #expect(throws: UpstreamFailure.rateLimited(resetsAt: Date(timeIntervalSince1970: 784_111_777))) {
                _ = try await client.get(path: "/status/403?retryAfter=Sun,%2006%20Nov%201994%2008:49:37%20GMT")
            }
        }
    }

    @Test("conditional GET: ETag out, If-None-Match in, 304 surfaced as .notModified")
    func conditional() async throws {
        try await withJSONPlaceholder { standIn, client in
            let first = try await client.getJSON(Repo.self, .path("/etag"), ifNoneMatch: nil)
            #expect(first == .modified(Repo(name: "appdeck", stars: 42), etag: "\"v1\""))
            #expect(standIn.seenHeaders.ifNoneMatch == nil)
            let second = try await client.getJSON(Repo.self, .path("/etag"), ifNoneMatch: "\"v1\"")
            #expect(second == .notModified)
            #expect(standIn.seenHeaders.ifNoneMatch == "\"v1\"")
            let raw = try await client.get(UpstreamRequest(.path("/etag"), ifNoneMatch: "\"v1\""))
            #expect(raw.isNotModified && raw.body.isEmpty && raw.etag == "\"v1\"")
        }
    }

    @Test("User-Agent and per-call headers are sent; the Authorization value never reaches the logs")
    func headersAndLogs() async throws {
        let capture = LogCapture()
        let secret = "ghp_SECRETSECRETSECRETSECRETSECRET1234"
        try await withJSONPlaceholder(logger: capture.logger) { standIn, client in
            _ = try await client.get(path: "/etag", headers: [(name: "Authorization", value: "Bearer \(secret)")])
            #expect(standIn.seenHeaders.userAgent == UpstreamConfiguration.defaultUserAgent)
            #expect(standIn.seenHeaders.authorization == "Bearer \(secret)")
            _ = try? await client.get(path: "/status/401?token=\(secret)", headers: [(name: "Authorization", value: "Bearer \(secret)")])
        }
        #expect(!capture.all.isEmpty)
        #expect(capture.all.allSatisfy { !$0.contains("SECRET") && !$0.contains("Authorization") && !$0.contains("Bearer") })
    }

    @Test("redirects are followed up to the limit; one more is .server(status: 302)")
    func redirects() async throws {
        try await withJSONPlaceholder(configure: { $0.maximumRedirects = 3 }) { standIn, client in
            let ok = try await client.get(path: "/redirect/2")
            #expect(ok.status == 200)
            #expect(ok.url.path == "/150/92c952")
            #expect(standIn.hits("/150/92c952") == 1)
            await #expect(throws: UpstreamFailure.server(status: 302)) { _ = try await client.get(path: "/redirect/3") }
        }
    }

    @Test("a JSON body of the wrong shape is .unreadable")
    func wrongShape() async throws {
        try await withJSONPlaceholder { _, client in
            await #expect(throws: UpstreamFailure.unreadable) { _ = try await client.getJSON([Repo].self, path: "/etag") }
        }
    }

    @Test("a cancelled request throws CancellationError, not a failure")
    func cancellation() async throws {
        try await withJSONPlaceholder { standIn, client in
            standIn.setFaults { $0.delay = .seconds(2) }
            let task = Task { try await client.get(path: "/photos") }
            try await Task.sleep(for: .milliseconds(100))
            task.cancel()
            await #expect(throws: CancellationError.self) { _ = try await task.value }
        }
    }

    @Test("transport errors without a stand-in: DNS and refusal are .offline, connect timeouts .timedOut")
    func transportErrors() {
        // Not provoked for real: a DNS failure would send a query off this machine (and NIO's
        // `SocketAddressError.UnknownHost` cannot be made outside NIO).
        #expect(UpstreamFailureMapping.failure(for: SocketAddressError.unsupported) == .offline)
        #expect(UpstreamFailureMapping.failure(for: IOError(errnoCode: 111, reason: "connect")) == .offline)
        #expect(UpstreamFailureMapping.failure(for: ChannelError.connectTimeout(.seconds(5))) == .timedOut)
        #expect(UpstreamFailureMapping.failure(for: ChannelError.ioOnClosedChannel) == .offline)
        #expect(UpstreamFailureMapping.failure(for: UpstreamFailure.notFound) == .notFound)
    }
}

/// Issue 21: the deadline covers the whole exchange, the wait for a turn included.
@Suite("UpstreamClient: a deadline on the whole exchange")
struct UpstreamDeadlineTests {
    @Test("a request that waits for a turn past its deadline is .busy, and never reaches the host")
    func busy() async throws {
        try await withJSONPlaceholder(configure: {
            $0.requestTimeout = .seconds(1)
            $0.connectionsPerHost = 1
        }) { standIn, client in
            // The first holds the one connection until the test releases its body: the second
            // waits for a turn however late a loaded machine lets it ask, and its 1 s timer fires
            // there. (A first that timed out on its own could free the turn before the second
            // asked, and the second then reached the host.)
            standIn.setFaults { $0.slowBody = .heldUntilReleased }
            async let first: UpstreamFailure? = upstreamFailure {
                _ = try await client.get(UpstreamRequest(.path("/photos"), timeout: .seconds(20)))
            }
            for _ in 0..<3000 where standIn.hits("/photos") == 0 { try await Task.sleep(for: .milliseconds(10)) }
            try #require(standIn.hits("/photos") == 1)
            let second = await upstreamFailure { _ = try await client.get(path: "/photos") }
            standIn.releaseHeldBodies()
            #expect(await first == nil)
            #expect(second == .busy)
            #expect(standIn.hits("/photos") == 1)
        }
    }
}
