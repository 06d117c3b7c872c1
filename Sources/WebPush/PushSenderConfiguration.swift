import Foundation

/// How the live `PushSender` signs and sends: every value from the composition root's options, so
/// tests point it at a loopback push service with their own clock.
public struct PushSenderConfiguration: Sendable {
    /// The VAPID key pair (`VAPIDKeyFile`) the subscriptions were made with.
    public var keys: VAPIDKeys
    /// The `sub` claim: who the push services' operators can reach about our messages.
    public var subject: VAPIDSubject
    /// Time to establish a TCP (and TLS) connection.
    public var connectTimeout: Duration
    /// Time for the whole exchange, answer body included; past it, the outcome is `.retryLater`.
    public var requestTimeout: Duration
    /// Waits for `.retryLater` without a usable `Retry-After`, and the cap on those with one.
    public var backoff: RetryBackoff
    /// The clock of the tokens' `exp` and of `Retry-After` dates (tests inject a fixed one).
    public var now: @Sendable () -> Date

    public init(
        keys: VAPIDKeys,
        subject: VAPIDSubject,
        connectTimeout: Duration = .seconds(5),
        requestTimeout: Duration = .seconds(15),
        backoff: RetryBackoff = RetryBackoff(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.keys = keys
        self.subject = subject
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.backoff = backoff
        self.now = now
    }
}
