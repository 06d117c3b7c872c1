import Foundation

/// How one `UpstreamClient` talks to one third-party service: where it is, how long it may take,
/// who we say we are and how much we read. Every value comes from the composition root's options,
/// so tests point a client at a loopback stand-in with short timeouts.
public struct UpstreamConfiguration: Sendable {
    /// The service's root, e.g. `https://jsonplaceholder.typicode.com` or `https://api.github.com`.
    /// Relative request paths are appended to it (a path prefix in the base is kept). `nil` for a
    /// client that only fetches absolute URLs (the image fetcher).
    public var baseURL: URL?
    /// Time to establish a TCP (and TLS) connection.
    public var connectTimeout: Duration
    /// Time for a whole exchange: the wait for a turn, the connection, every redirect, the head
    /// and the whole body. Enforced by `UpstreamClient` around the body stream too, since
    /// AsyncHTTPClient's own deadline stops once the head has arrived.
    public var requestTimeout: Duration
    /// Sent as `User-Agent` on every request (GitHub refuses requests without one).
    public var userAgent: String
    /// Headers sent on every request before the per-call ones (e.g. GitHub's `Accept` and
    /// `X-GitHub-Api-Version`). Never logged.
    public var defaultHeaders: [(name: String, value: String)]
    /// The largest body read; a longer one fails with `.rejected(.tooLarge)` without being read
    /// further. A request can lower (or raise) it for itself.
    public var maximumBodyBytes: Int
    /// Redirects (301, 302, 303, 307, 308) followed per request; one more fails with
    /// `.server(status:)` of the last redirect. 0 follows none.
    public var maximumRedirects: Int
    /// Idle kept-alive connections are closed after this long.
    public var idleConnectionTimeout: Duration
    /// The clock `retry-after` dates are measured against (tests inject a fixed one).
    public var now: @Sendable () -> Date
    /// The only origins (`scheme://host:port`) this client may ask, checked before the first
    /// request and before every redirect; nil asks any http(s) origin without user info. Image
    /// URLs come from a third party's data, so without it that data could point the server at
    /// hosts (or other ports of a host) only it can reach.
    public var allowedOrigins: Set<UpstreamOrigin>?
    /// Which addresses the client may connect to, checked (and pinned) before the first request
    /// and before every redirect; nil connects wherever the host name resolves. The README image
    /// proxy's client has one that allows public addresses only (GH-3).
    public var addressPolicy: UpstreamAddressPolicy?
    /// Exchanges with one host at once (AsyncHTTPClient's connections to it); more wait their turn.
    public var connectionsPerHost: Int
    /// Of those, how many one party (a device's token, a client) may hold.
    public var connectionsPerParty: Int
    /// Hosts the fetch counter names in its `host` label besides the base URL's and the allowed
    /// origins' (`labelledHosts`); every other host is counted as `other`.
    public var metricHosts: Set<String> = []

    /// The hosts `appdeck_upstream_fetches_total` names: those this client is configured with (its
    /// base URL's, its allowed origins', `metricHosts`), lowercased. Never a host from a third
    /// party's data, so the series stay few however many hosts READMEs name (issue 33, item 6).
    public var labelledHosts: Set<String> {
        var hosts = Set(metricHosts.map { $0.lowercased() })
        if let host = baseURL?.host?.lowercased() { hosts.insert(host) }
        for origin in allowedOrigins ?? [] { hosts.insert(origin.host) }
        return hosts
    }

    public static let defaultUserAgent = "AppDeck/1.0 (+https://github.com/appdeck)"

    public init(
        baseURL: URL?,
        connectTimeout: Duration = .seconds(5),
        requestTimeout: Duration = .seconds(15),
        userAgent: String = UpstreamConfiguration.defaultUserAgent,
        defaultHeaders: [(name: String, value: String)] = [],
        maximumBodyBytes: Int = 16 * 1024 * 1024,
        maximumRedirects: Int = 3,
        idleConnectionTimeout: Duration = .seconds(60),
        allowedOrigins: Set<UpstreamOrigin>? = nil,
        addressPolicy: UpstreamAddressPolicy? = nil,
        connectionsPerHost: Int = 8,
        connectionsPerParty: Int = 2,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.baseURL = baseURL
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.userAgent = userAgent
        self.defaultHeaders = defaultHeaders
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumRedirects = maximumRedirects
        self.idleConnectionTimeout = idleConnectionTimeout
        self.allowedOrigins = allowedOrigins
        self.addressPolicy = addressPolicy
        self.connectionsPerHost = max(1, connectionsPerHost)
        self.connectionsPerParty = max(1, min(connectionsPerParty, connectionsPerHost))
        self.now = now
    }
}
