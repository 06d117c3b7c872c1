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

    /// Throws unless `url` is an endpoint this policy allows. A host is letters, digits, `-` and
    /// `.` as written (a percent-encoded one, `127.0.0.1%2efcm.googleapis.com`, is refused, whatever
    /// a resolver would make of it), and a push service is asked on https' own port only (issue 46,
    /// item 14): an allowed host's other ports are not its push service.
    public func check(_ url: URL) throws(PushSubscription.Invalid) {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host?.lowercased(), !host.isEmpty, url.user == nil, url.password == nil
        else { throw .malformedEndpoint }
        if Self.isLoopback(host) {
            guard allowsLoopback else { throw scheme == "https" ? .endpointHostNotAllowed(host) : .endpointNotHTTPS }
            return
        }
        guard scheme == "https" else { throw .endpointNotHTTPS }
        guard let written = url.host(percentEncoded: true), written.utf8.allSatisfy(Self.isHostByte) else { throw .malformedEndpoint }
        if let hostSuffixes, !hostSuffixes.contains(where: { host == $0 || host.hasSuffix("." + $0) }) {
            throw .endpointHostNotAllowed(host)
        }
        if let port = url.port, port != 443 { throw .endpointPortNotAllowed(port) }
    }

    /// A-Z, a-z, 0-9, `-` and `.`: a DNS name as written, nothing encoded.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: false
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
