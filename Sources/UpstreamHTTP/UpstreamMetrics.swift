import Metrics
import Upstream

/// Upstream fetches by host and outcome, into the process's metrics system (issue 26's `/metrics`):
/// `appdeck_upstream_fetches_total{host="api.github.com",outcome="ok"}`. The outcome is the
/// closed set of `UpstreamFailure` cases, so the label's values stay few.
extension UpstreamClient {
    static func countFetch(host: String, outcome: String) {
        Counter(label: "appdeck_upstream_fetches_total", dimensions: [("host", host), ("outcome", outcome)]).increment()
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
