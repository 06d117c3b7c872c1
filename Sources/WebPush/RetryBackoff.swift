import Foundation

/// When to try a message again after a 429, a 5xx or no answer.
public struct RetryBackoff: Sendable, Hashable {
    /// The wait after the first failed attempt; each later one doubles it.
    public var initial: Duration
    /// The longest wait, for the backoff and for a service's `Retry-After` alike: a service that
    /// asks for a week (or a date in the year 3000) is asked again after this long.
    public var maximum: Duration

    public init(initial: Duration = .seconds(30), maximum: Duration = .seconds(3600)) {
        self.initial = max(initial, .zero)
        self.maximum = max(maximum, self.initial)
    }

    /// `initial × 2^attempt`, at most `maximum`.
    public func delay(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt, 0), 30)  // 2^30 × any sane initial is past any maximum
        guard Self.seconds(initial) * Double(1 << exponent) < Self.seconds(maximum) else { return maximum }
        return initial * (1 << exponent)
    }

    /// The wait a `Retry-After` value asks for (RFC 9110 §10.2.3): delay-seconds, or an HTTP date
    /// measured from `now` (a date already past is no wait), at most `maximum`. Nil for a value
    /// that is neither, which the caller replaces with the backoff.
    public func delay(retryAfter value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) {
            // More digits than an Int holds is still a number: a very long wait.
            guard text.utf8.count <= 18, let seconds = Int(text) else { return maximum }
            return min(.seconds(seconds), maximum)
        }
        guard let date = Self.httpDate(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        guard seconds < Self.seconds(maximum) else { return maximum }
        return .seconds(Int(seconds.rounded(.up)))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form RFC 9110 §5.6.7 asks senders to use.
    static func httpDate(_ text: String) -> Date? {
        guard text.utf8.count <= 40 else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
