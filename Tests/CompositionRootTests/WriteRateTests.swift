import CarsWeb
import DeckTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import TestDoubles
import WebShell

/// The write rates through a real server (issue 34): state-changing requests beyond an owner's or
/// a client address's bucket get 429 with `Retry-After`, on a page in the page's language, and
/// script callers the same status; reading is never counted. The clock is the test's.
@Suite("Write rate through the server")
struct WriteRateTests {
    final class ManualClock: Sendable {
        private let seconds = Mutex(0.0)
        var now: Double { seconds.withLock { $0 } }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    /// Cars on in-memory stores, behind a trusted proxy at 127.0.0.1 (the test client), so each
    /// request's `X-Forwarded-For` names its client.
    private func withServer(
        _ rates: WriteRates, clock: ManualClock, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("writerate-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let memory = InMemoryStores()
        var logger = Logger(label: "write-rate")
        logger.logLevel = .critical
        let router = try DeckRouter.build(
            apps: [CarsApp(store: { memory.cars($0) })], preferences: memory.devices, sessions: InMemorySessions(), key: try ServerKey.load(from: .embedded(in: directory)), logger: logger,
            trustedProxies: ["127.0.0.1"], writeRates: WriteRateLimiter(rates: rates, clock: { clock.now }))
        try await Application(router: router, logger: logger).test(.live, body)
    }

    private static let car = [("manufacturer", "Lada"), ("model", "Niva"), ("body", "suv"), ("yearOfIssue", "1977"), ("carNumber", "A 1")]

    /// The token from the add-car form (the deck here has no home page with a form).
    private func token(_ browser: inout Browser) async throws -> String {
        let page = try await browser.get("/cars/new").text
        return try #require(Browser.firstMatch(of: #"name="_csrf" value="([0-9a-f]{64})""#, in: page))
    }

    private func post(_ browser: inout Browser, from client: String, json: Bool = false) async throws -> TestResponse {
        let token = try await token(&browser)
        let body = (Self.car + [("_csrf", token)]).map { "\(Browser.encode($0.0))=\(Browser.encode($0.1))" }.joined(separator: "&")
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .forwardedFor: client]
        if json { headers[.accept] = "application/json" }
        return try await browser.send("/cars", method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test("an owner's burst passes, the next is a localized 429 with Retry-After, time refills it; pages still open")
    func owner() async throws {
        let clock = ManualClock()
        try await withServer(WriteRates(perOwner: WriteRate(burst: 3, perSecond: 0.25), perAddress: nil), clock: clock) { client in
            var browser = Browser(client, acceptLanguage: "ru")
            for _ in 0..<3 { #expect(try await post(&browser, from: "192.0.2.1").status == .seeOther) }
            let refused = try await post(&browser, from: "192.0.2.2")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "4", "one token at a quarter a second")
            #expect(refused.text.contains("Слишком много изменений"), "the page speaks the page's language")
            let script = try await post(&browser, from: "192.0.2.2", json: true)
            #expect(script.status == .tooManyRequests, "a page's script is told the same")
            #expect(script.headers[.retryAfter] == "4")
            for path in ["/cars", "/cars/new", "/healthz"] {
                #expect(try await browser.get(path).status == .ok, "reading is never counted: \(path)")
            }
            #expect(try await browser.send("/cars", method: .head, headers: [:], body: nil).status == .ok)
            clock.advance(4)
            #expect(try await post(&browser, from: "192.0.2.1").status == .seeOther)
            #expect(try await post(&browser, from: "192.0.2.1").status == .tooManyRequests)
            var other = Browser(client)
            #expect(try await post(&other, from: "192.0.2.1").status == .seeOther, "another device writes on")
        }
    }

    @Test("a client address's burst is shared by its devices and by cookie-less requests; other addresses write on")
    func address() async throws {
        let clock = ManualClock()
        try await withServer(WriteRates(perOwner: nil, perAddress: WriteRate(burst: 4, perSecond: 1)), clock: clock) { client in
            var first = Browser(client, acceptLanguage: "pl"), second = Browser(client, acceptLanguage: "pl")
            for _ in 0..<2 { #expect(try await post(&first, from: "198.51.100.7").status == .seeOther) }
            // No cookie: a new device each time, a 403 for the token, and still counted here.
            let anonymous = try await client.execute(
                uri: "/cars", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .forwardedFor: "198.51.100.7"],
                body: ByteBuffer(string: "manufacturer=x&_csrf=0"))
            #expect(anonymous.status == .forbidden)
            #expect(try await post(&second, from: "198.51.100.7").status == .seeOther)
            let refused = try await post(&second, from: "198.51.100.7")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "1")
            #expect(refused.text.contains("Za dużo zmian"))
            #expect(try await post(&first, from: "198.51.100.8").status == .seeOther, "the same device from another address")
            #expect(try await post(&first, from: "203.0.113.1, 198.51.100.7").status == .tooManyRequests,
                    "what the client claims before the proxy's entry changes nothing")
            clock.advance(1)
            #expect(try await post(&first, from: "198.51.100.7").status == .seeOther)
        }
    }

    @Test("with the standard rates a burst of 100 posts from one device, an outbox replay's size, passes")
    func outboxReplay() async throws {
        let clock = ManualClock()
        try await withServer(.standard, clock: clock) { client in
            var browser = Browser(client)
            let token = try await token(&browser)
            let body = (Self.car + [("_csrf", token)]).map { "\(Browser.encode($0.0))=\(Browser.encode($0.1))" }.joined(separator: "&")
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<100 {
                statuses.append(try await browser.send(
                    "/cars", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"],
                    body: ByteBuffer(string: body)).status)
            }
            #expect(!statuses.contains(.tooManyRequests))
        }
    }
}

extension HTTPField.Name {
    fileprivate static let forwardedFor = Self("X-Forwarded-For")!
}
