import Foundation

/// An upstream failure and the origin it came from, for the breakers (issue 33, item 5): a breaker
/// must hold against a host only what that host did, never our own refusals nor another host's
/// doing.
///
/// `origin` is the `scheme://host:port` (lowercased, the port always written) whose answer, or
/// silence, the failure is: the host that refused the connection, did not answer in time,
/// answered 5xx, or answered something we then refused (a redirect to `file:`, a body too large;
/// a live host, which a breaker counts as a success). After a redirect it is the origin redirected
/// to. It is nil when no host had a part in it: a URL or a redirect target our policy refuses
/// before anything is sent (an address that is not public, an origin not on the allow-list), or a
/// wait for a turn that ran out (`.busy`).
public struct UpstreamFault: Error, Sendable, Hashable {
    public var failure: UpstreamFailure
    public var origin: String?

    public init(_ failure: UpstreamFailure, origin: String?) {
        self.failure = failure
        self.origin = origin
    }

    /// The fault `error` is, thrown by a fetch of a URL whose origin is `origin`: a fault as it
    /// was thrown; a bare failure as `origin`'s, but `.rejected(.hostNotAllowed)` (a refusal of
    /// our own: nothing was asked) as nobody's; a cancellation as `origin`'s silence
    /// (`.timedOut`); any other error as `otherwise`, `origin`'s.
    public init(catching error: any Error, from origin: String, otherwise: UpstreamFailure) {
        switch error {
        case let fault as UpstreamFault: self = fault
        case UpstreamFailure.rejected(.hostNotAllowed): self.init(.rejected(.hostNotAllowed), origin: nil)
        case let failure as UpstreamFailure: self.init(failure, origin: origin)
        case is CancellationError: self.init(.timedOut, origin: origin)
        default: self.init(otherwise, origin: origin)
        }
    }

    /// `scheme://host:port` of an http or https URL (the key a breaker keeps a host by): another
    /// port or scheme of one host name is another origin, so refusals at `host:1` never trip the
    /// breaker of `https://host:443`. Nil for any other URL.
    public static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        return "\(scheme)://\(host):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }
}
