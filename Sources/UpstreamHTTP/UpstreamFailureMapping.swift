import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Upstream

/// The one place transport errors and HTTP statuses become `UpstreamFailure`.
public enum UpstreamFailureMapping {
    /// The failure an HTTP status means, or nil for a success (2xx; 304 when `conditional`).
    ///
    /// - 401 → `.badCredentials`
    /// - 403 or 429 with `x-ratelimit-remaining: 0` or a `retry-after` → `.rateLimited(resetsAt:)`,
    ///   from `x-ratelimit-reset` (epoch seconds), else `retry-after` (seconds or an HTTP date);
    ///   a bare 429 is rate limiting too, with no reset time
    /// - 404 (and 410) → `.notFound`
    /// - anything else → `.server(status:)`
    public static func failure(status: Int, headers: UpstreamHeaders, conditional: Bool, now: Date) -> UpstreamFailure? {
        switch status {
        case 200..<300:
            return nil
        case 304 where conditional:
            return nil
        case 401:
            return .badCredentials
        case 403, 429:
            let remaining = headers["x-ratelimit-remaining"]?.trimmingCharacters(in: .whitespaces)
            let retryAfter = headers["retry-after"]
            if remaining == "0" || retryAfter != nil || status == 429 {
                return .rateLimited(resetsAt: resetDate(headers: headers, now: now))
            }
            return .server(status: status)
        case 404, 410:
            return .notFound
        default:
            return .server(status: status)
        }
    }

    /// When a rate limit resets: `retry-after` first, as delay-seconds or an HTTP date (RFC 9110
    /// §10.2.3), since GitHub sends it on a secondary limit where its `x-ratelimit-reset` still
    /// names the primary window's end (up to an hour away); else `x-ratelimit-reset` (epoch seconds).
    public static func resetDate(headers: UpstreamHeaders, now: Date) -> Date? {
        if let retryAfter = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Int(retryAfter), seconds >= 0 { return now.addingTimeInterval(TimeInterval(seconds)) }
            if let date = httpDate(retryAfter) { return date }
        }
        if let reset = headers["x-ratelimit-reset"]?.trimmingCharacters(in: .whitespaces),
            let seconds = Double(reset), seconds.isFinite, seconds >= 0
        {
            return Date(timeIntervalSince1970: seconds)
        }
        return nil
    }

    /// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// The failure a thrown transport error means. `CancellationError` is not mapped: callers
    /// check for cancellation first.
    ///
    /// - timeouts (connect, read, write, TLS handshake, the request deadline, waiting for a pooled
    ///   connection) → `.timedOut`
    /// - no connection (refused, DNS, unreachable, reset, closed before an answer, TLS refused) →
    ///   `.offline`
    /// - an answer that breaks HTTP (a parser error, a body shorter than its length) → `.unreadable`
    public static func failure(for error: any Error) -> UpstreamFailure {
        switch error {
        case let failure as UpstreamFailure:
            return failure
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
                .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
                return .timedOut
            case .bodyLengthMismatch, .identityCodingIncorrectlyPresent, .invalidProxyResponse:
                return .unreadable
            default:
                return .offline
            }
        case let error as ChannelError:
            if case .connectTimeout = error { return .timedOut }
            return .offline
        case is HTTPParserError:
            return .unreadable
        case is NIOConnectionError, is IOError, is SocketAddressError, is SocketAddressError.UnknownHost:
            return .offline
        default:
            return .offline
        }
    }
}
