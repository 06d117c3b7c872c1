import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Upstream

/// The live `PushSending`: one `HTTPClient` POSTing encrypted, VAPID-signed messages to the
/// browsers' push services (RFC 8030 §5).
///
/// Lifecycle: whoever creates a sender owns it and must `await shutdown()` once it is no longer
/// used, before dropping it (in AppDeck, the composition root, after the server has stopped).
///
/// Nothing here is logged: the endpoint is a capability (whoever has it can send to the browser
/// once they also hold a VAPID key) and the payload is the person's; the caller logs outcomes.
public final class PushSender: PushSending {
    public let configuration: PushSenderConfiguration
    private let httpClient: HTTPClient

    /// The most of an answer's body read (push services answer with a short JSON or text reason,
    /// which is dropped); a longer one is abandoned with its connection.
    static let maximumAnswerBodyBytes = 64 * 1024

    /// Creates the sender and its `HTTPClient` (on NIO's shared event loop group); call
    /// `shutdown()` when done.
    public init(configuration: PushSenderConfiguration) {
        self.configuration = configuration
        var http = HTTPClient.Configuration(
            redirectConfiguration: .disallow,  // see `PushOutcome.rejected`
            timeout: .init(connect: TimeAmount(configuration.connectTimeout)),
            decompression: .disabled)
        // An unreachable service fails at once and is retried later by the caller, instead of
        // holding the sender until the connect timeout several times over.
        http.connectionPool.retryConnectionEstablishment = false
        httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: http)
    }

    /// Closes every connection and releases the `HTTPClient`. Call exactly once, after the last send.
    public func shutdown() async throws {
        try await httpClient.shutdown()
    }

    public func send(_ message: PushMessage, to subscription: PushSubscription, attempt: Int) async throws -> PushOutcome {
        let body = try PushMessageEncryption.encrypt(message.payload, for: subscription)
        let now = configuration.now()
        guard
            let authorization = VAPIDAuthorization.header(
                for: subscription.endpoint, keys: configuration.keys, subject: configuration.subject, now: now)
        else { throw PushSubscription.Invalid.malformedEndpoint }

        var request = HTTPClientRequest(url: subscription.endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")  // RFC 8291 §4
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "TTL", value: String(message.timeToLive))  // RFC 8030 §5.2: required
        request.headers.add(name: "Urgency", value: message.urgency.rawValue)  // RFC 8030 §5.3
        request.headers.add(name: "Authorization", value: authorization)  // RFC 8292 §3
        request.body = .bytes(ByteBuffer(bytes: body))

        let answer: Answer?
        do {
            answer = try await Upstream.within(configuration.requestTimeout) { [httpClient, configuration, request] in
                let response = try await httpClient.execute(
                    request, deadline: .now() + TimeAmount(configuration.requestTimeout), logger: nil)
                let retryAfter = response.headers.first(name: "Retry-After")
                // Read (and drop) the reason, so the connection can be kept for the next message.
                _ = try? await response.body.collect(upTo: Self.maximumAnswerBodyBytes)
                return Answer(status: Int(response.status.code), retryAfter: retryAfter)
            }
        } catch {
            if Task.isCancelled { throw CancellationError() }
            answer = nil  // no connection, a broken answer: like silence, worth another try later
        }
        guard let answer else { return .retryLater(after: configuration.backoff.delay(afterAttempt: attempt)) }
        return Self.outcome(status: answer.status, retryAfter: answer.retryAfter, attempt: attempt, backoff: configuration.backoff, now: now)
    }

    /// What an answer means: see `PushOutcome`'s cases.
    static func outcome(status: Int, retryAfter: String?, attempt: Int, backoff: RetryBackoff, now: Date) -> PushOutcome {
        switch status {
        case 200..<300:
            return .delivered
        case 404, 410:
            return .gone
        case 429, 500..<600:
            let asked = retryAfter.flatMap { backoff.delay(retryAfter: $0, now: now) }
            return .retryLater(after: asked ?? backoff.delay(afterAttempt: attempt))
        default:
            return .rejected(status: status)
        }
    }

    private struct Answer: Sendable {
        let status: Int
        let retryAfter: String?
    }
}
