import Foundation
import HTTPTypes
import Hummingbird
import LoopbackSupport
import NIOCore
import Synchronization
import WebPush

/// A loopback push service on 127.0.0.1 and a port the system picks, speaking RFC 8030's wire
/// format: `POST /push/<id>` with an `aes128gcm` body, `TTL`, `Urgency` and a VAPID `Authorization`.
///
/// Like a real service it refuses (403) a token whose signature, audience, expiry or subject is
/// wrong, or whose key is not the one the subscription was made with; refuses (400) a request
/// without `TTL`, of another content coding or whose body does not open with the subscriber's
/// keys. A request it takes is recorded (the plaintext, decrypted as the browser would) and
/// answered as the test told it: 201 by default, or 404, 410, 429, 500, any status.
public final class PushServiceStandIn: Sendable {
    /// How the service answers a request it has checked and opened.
    public enum Answer: Sendable, Equatable {
        case created
        case notFound
        case gone
        case tooManyRequests(retryAfter: String?)
        case serverError(retryAfter: String?)
        case status(Int)
    }

    /// A request the service took, opened and answered.
    public struct Delivery: Sendable, Equatable {
        public let subscriptionID: String
        public let plaintext: [UInt8]
        public let timeToLive: String?
        public let urgency: String?
        public let token: VAPIDCheck.Token
        public let status: Int
    }

    /// A request the service refused before its answer.
    public enum Refusal: Sendable, Equatable {
        case unknownSubscription(String)
        case token(VAPIDCheck.Refusal)
        case missingTTL
        case wrongContentEncoding(String?)
        case undecryptable(PushMessageDecryption.Failure)
    }

    private struct Subscribed {
        let subscriber: PushSubscriber
        let applicationServerKey: [UInt8]
        var answer: Answer = .created
    }

    private struct State {
        var subscriptions: [String: Subscribed] = [:]
        var deliveries: [Delivery] = []
        var refusals: [Refusal] = []
        var requests = 0
    }

    private let state = Mutex(State())
    private let server: LoopbackServer
    private let now: @Sendable () -> Date

    /// `http://127.0.0.1:<port>`: the audience its tokens must name.
    public var origin: String { "http://127.0.0.1:\(server.port)" }

    private init(server: LoopbackServer, now: @escaping @Sendable () -> Date) {
        self.server = server
        self.now = now
    }

    /// Starts the service and returns once it accepts connections. `now` is the clock it checks
    /// tokens' `exp` against.
    public static func start(now: @escaping @Sendable () -> Date = { Date() }) async throws -> PushServiceStandIn {
        let box = Box()
        let router = Router()
        router.post("/push/:id") { request, context in
            try await box.get().receive(request, id: context.parameters.get("id") ?? "")
        }
        let server = try await LoopbackServer.start(router: router, serverName: "push-stand-in")
        let service = PushServiceStandIn(server: server, now: now)
        box.set(service)
        return service
    }

    /// Stops the server once the requests in flight are answered; later requests are refused.
    public func stop() async {
        await server.stop()
    }

    /// A new subscription of a new browser, restricted to `applicationServerKey` (the VAPID public
    /// key the page subscribed with), as the server would receive it from the page.
    public func subscribe(applicationServerKey: [UInt8]) -> (subscription: PushSubscription, subscriber: PushSubscriber) {
        let id = UUID().uuidString.lowercased()
        let subscriber = PushSubscriber()
        state.withLock { $0.subscriptions[id] = Subscribed(subscriber: subscriber, applicationServerKey: applicationServerKey) }
        return (subscriber.subscription(endpoint: URL(string: "\(origin)/push/\(id)")!), subscriber)
    }

    /// How the service answers `subscription`'s next requests, until told otherwise.
    public func answer(_ answer: Answer, for subscription: PushSubscription) {
        let id = subscription.endpoint.lastPathComponent
        state.withLock { $0.subscriptions[id]?.answer = answer }
    }

    public var deliveries: [Delivery] { state.withLock { $0.deliveries } }
    public var refusals: [Refusal] { state.withLock { $0.refusals } }
    /// Every request received, refused or not.
    public var requestCount: Int { state.withLock { $0.requests } }

    // MARK: - The wire

    fileprivate func receive(_ request: Request, id: String) async throws -> Response {
        state.withLock { $0.requests += 1 }
        let body = Array((try await request.body.collect(upTo: 64 * 1024)).readableBytesView)
        guard let subscribed = state.withLock({ $0.subscriptions[id] }) else {
            return refuse(.unknownSubscription(id), status: .notFound)
        }
        let token: VAPIDCheck.Token
        do throws(VAPIDCheck.Refusal) {
            token = try VAPIDCheck.check(request.headers[.authorization], origin: origin, now: now())
        } catch {
            return refuse(.token(error), status: .forbidden)
        }
        guard token.publicKey == subscribed.applicationServerKey else { return refuse(.token(.keyNotSubscribed), status: .forbidden) }
        let encoding = request.headers[.contentEncoding]
        guard encoding == "aes128gcm" else { return refuse(.wrongContentEncoding(encoding), status: .badRequest) }
        let timeToLive = request.headers[HTTPField.Name("TTL")!]
        guard timeToLive != nil else { return refuse(.missingTTL, status: .badRequest) }
        let plaintext: [UInt8]
        do throws(PushMessageDecryption.Failure) {
            plaintext = try subscribed.subscriber.decrypt(body)
        } catch {
            return refuse(.undecryptable(error), status: .badRequest)
        }
        let (status, headers) = Self.response(for: subscribed.answer)
        state.withLock {
            $0.deliveries.append(
                Delivery(
                    subscriptionID: id, plaintext: plaintext, timeToLive: timeToLive,
                    urgency: request.headers[HTTPField.Name("Urgency")!], token: token, status: status.code))
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: status.reasonPhrase)))
    }

    private func refuse(_ refusal: Refusal, status: HTTPResponse.Status) -> Response {
        state.withLock { $0.refusals.append(refusal) }
        return Response(status: status, body: .init(byteBuffer: ByteBuffer(string: "\(refusal)")))
    }

    private static func response(for answer: Answer) -> (HTTPResponse.Status, HTTPFields) {
        switch answer {
        case .created: (.created, [.location: "/message/\(UUID().uuidString.lowercased())"])
        case .notFound: (.notFound, [:])
        case .gone: (.gone, [:])
        case .tooManyRequests(let retryAfter): (.tooManyRequests, retryAfter.map { [.retryAfter: $0] } ?? [:])
        case .serverError(let retryAfter): (.internalServerError, retryAfter.map { [.retryAfter: $0] } ?? [:])
        case .status(let code): (HTTPResponse.Status(code: code), [:])
        }
    }
}

/// The service, for the router's handlers made before it.
private final class Box: Sendable {
    private let service = Mutex<PushServiceStandIn?>(nil)
    func set(_ value: PushServiceStandIn) { service.withLock { $0 = value } }
    func get() -> PushServiceStandIn { service.withLock { $0! } }
}
