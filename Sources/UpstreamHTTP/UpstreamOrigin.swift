import Foundation

/// `scheme://host:port`, the unit an upstream allow-list names: a host on another port, another
/// scheme, or reached with `user:pass@` is another origin, not the one allowed.
public struct UpstreamOrigin: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int

    /// The origin of an http or https URL; nil for anything else, for a URL carrying user info,
    /// and for a host written with percent escapes or characters no host name has (so a name can
    /// be compared only in one spelling).
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.user == nil, url.password == nil,
              let written = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedHost, !written.contains("%"),
              let host = url.host?.lowercased(), !host.isEmpty,
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) })
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `https://via.placeholder.com` (port 443), `http://127.0.0.1:8081`.
    public init?(_ text: String) {
        guard let url = URL(string: text), url.path.isEmpty || url.path == "/", url.query == nil else { return nil }
        self.init(url)
    }

    public var description: String { "\(scheme)://\(host):\(port)" }
}
