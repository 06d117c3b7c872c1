import Foundation

/// Which endpoints a subscription may name. The endpoint comes from a browser, and the server
/// POSTs to it with its VAPID signature: without a list, anyone could point the server at hosts
/// only it can reach (its own loopback, the database's network). Production allows the browsers'
/// push services over https; tests allow loopback, over http too.
public struct PushEndpointPolicy: Sendable, Hashable {
    /// Hosts allowed, each itself or any subdomain of it; nil allows every https host.
    public var hostSuffixes: [String]?
    /// Whether loopback hosts (`localhost`, 127.0.0.0/8, `::1`) are allowed, over http or https.
    public var allowsLoopback: Bool

    public init(hostSuffixes: [String]?, allowsLoopback: Bool) {
        self.hostSuffixes = hostSuffixes?.map { $0.lowercased() }
        self.allowsLoopback = allowsLoopback
    }

    /// The push services of the browsers that deliver to web apps: Chromium's (FCM), Firefox's
    /// (autopush), Safari's (Apple's Web Push service, iOS 16.4 and later) and Edge's (WNS).
    public static let knownPushServices = PushEndpointPolicy(
        hostSuffixes: ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"],
        allowsLoopback: false)

    /// Loopback only: the stand-in push services of tests.
    public static let loopbackOnly = PushEndpointPolicy(hostSuffixes: [], allowsLoopback: true)

    /// Throws unless `url` is an endpoint this policy allows.
    public func check(_ url: URL) throws(PushSubscription.Invalid) {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host?.lowercased(), !host.isEmpty, url.user == nil, url.password == nil
        else { throw .malformedEndpoint }
        if Self.isLoopback(host) {
            guard allowsLoopback else { throw scheme == "https" ? .endpointHostNotAllowed(host) : .endpointNotHTTPS }
            return
        }
        guard scheme == "https" else { throw .endpointNotHTTPS }
        if let hostSuffixes, !hostSuffixes.contains(where: { host == $0 || host.hasSuffix("." + $0) }) {
            throw .endpointHostNotAllowed(host)
        }
    }

    /// `localhost`, an IPv4 address in 127.0.0.0/8 or the IPv6 loopback, as URL hosts are written.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in part.count <= 3 && UInt8(part) != nil }
    }
}
