/// How soon a push service should deliver a message (RFC 8030 §5.3): a device on battery may hold
/// back `veryLow` and `low` messages, never `high` ones.
public enum PushUrgency: String, Sendable, CaseIterable {
    case veryLow = "very-low"
    case low
    case normal
    case high
}

/// One message for one subscription.
public struct PushMessage: Sendable {
    /// What the browser's service worker reads from `event.data`: at most
    /// `PushMessageEncryption.maximumPlaintextLength` bytes.
    public var payload: [UInt8]
    /// How long the push service keeps the message for a device that is offline, in seconds
    /// (RFC 8030 §5.2); 0 delivers it now or never. A reminder is stale by the next day.
    public var timeToLive: Int
    public var urgency: PushUrgency

    public init(payload: [UInt8], timeToLive: Int, urgency: PushUrgency = .normal) {
        self.payload = payload
        self.timeToLive = max(0, timeToLive)
        self.urgency = urgency
    }
}

/// What a push service's answer means for the caller.
public enum PushOutcome: Sendable, Equatable {
    /// 2xx (201 Created, RFC 8030 §5; some services answer 202): the service has the message.
    case delivered
    /// 404 (an expired subscription, RFC 8030 §7.3) or 410 (what FCM and Mozilla's service answer
    /// once the person unsubscribed): it never comes back, so the caller deletes it.
    case gone
    /// 429 or 5xx, or no answer at all (no connection, the deadline passed): try again after this
    /// long. From the service's `Retry-After` (RFC 9110 §10.2.3) when it sends one, else an
    /// exponential backoff on the attempt number (`RetryBackoff`).
    case retryLater(after: Duration)
    /// Any other answer (other 4xx, 3xx, 1xx): sending the same message again would get the same
    /// answer, so the caller drops it and says so in its log.
    /// - 400: the request is malformed (a header the service refuses, such as a bad `TTL` or
    ///   `Urgency`, or a JWT it cannot parse).
    /// - 401 and 403: the VAPID token is refused: a bad signature, an `aud` or `exp` it does not
    ///   accept, or a key other than the one the subscription was made with (RFC 8292 §4.2): a
    ///   configuration fault (the key folder), not the subscription's.
    /// - 413: the payload is larger than the service takes (RFC 8030 §7.2); ours never exceed 4096
    ///   bytes, which every service must take.
    /// - 3xx: push services do not redirect, and a redirect is not followed (the endpoint was
    ///   checked against the endpoint policy; where it points is not).
    case rejected(status: Int)
}

/// Sends Web Push messages (RFC 8030). The live `PushSender` POSTs to the push service; tests put
/// a loopback stand-in behind it, or a double in front of it.
public protocol PushSending: Sendable {
    /// Encrypts `message` for `subscription`, signs it with the VAPID key and hands it to the
    /// subscription's push service. `attempt` counts earlier tries of the same message (0 for the
    /// first), for the backoff of a `.retryLater` without a `Retry-After`. Throws `PayloadTooLarge`
    /// (before any request) or `CancellationError`; every answer, or lack of one, is an outcome.
    func send(_ message: PushMessage, to subscription: PushSubscription, attempt: Int) async throws -> PushOutcome
}

extension PushSending {
    /// A first attempt.
    public func send(_ message: PushMessage, to subscription: PushSubscription) async throws -> PushOutcome {
        try await send(message, to: subscription, attempt: 0)
    }
}
