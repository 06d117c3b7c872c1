import Metrics
import Upstream

/// Upstream fetches by host and outcome, into the process's metrics system (issue 26's `/metrics`):
/// `appdeck_upstream_fetches_total{host="api.github.com",outcome="ok"}`. The outcome is the
/// closed set of `UpstreamFailure` cases, and the host is one the client is configured with
/// (`UpstreamConfiguration.labelledHosts`: its base URL's, its allowed origins', those it names)
/// or `other` (issue 33, item 6): a README can name any number of image hosts, and each would
/// otherwise be a series kept for the life of the process.
extension UpstreamClient {
    /// The `host` label for `host`: itself when configured, else `other`.
    public func metricHost(_ host: String?) -> String {
        guard let host = host?.lowercased(), labelledHosts.contains(host) else { return "other" }
        return host
    }

    func countFetch(host: String?, outcome: String) {
        Counter(label: "appdeck_upstream_fetches_total", dimensions: [("host", metricHost(host)), ("outcome", outcome)]).increment()
    }

    static func outcome(of failure: UpstreamFailure) -> String {
        switch failure {
        case .offline: "offline"
        case .timedOut: "timed_out"
        case .busy: "busy"
        case .badCredentials: "bad_credentials"
        case .rateLimited: "rate_limited"
        case .notFound: "not_found"
        case .server: "server_error"
        case .unreadable: "unreadable"
        case .rejected: "rejected"
        }
    }
}
