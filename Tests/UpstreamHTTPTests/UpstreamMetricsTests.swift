import Foundation
import Testing
import UpstreamHTTP

/// Issue 33, item 6: only hosts a client is configured with are named in
/// `appdeck_upstream_fetches_total{host=…}`; every other host is `other`.
@Suite("Upstream metrics: the hosts a configuration names")
struct UpstreamMetricsTests {
    @Test("hosts a configuration names: its base URL's, its allowed origins', and those it lists")
    func configured() {
        var configuration = UpstreamConfiguration(
            baseURL: URL(string: "https://jsonplaceholder.typicode.com")!,
            allowedOrigins: Set(["https://via.placeholder.com", "https://placehold.co:8443"].compactMap { UpstreamOrigin($0) }))
        configuration.metricHosts = ["Status.Example"]
        #expect(configuration.labelledHosts == ["jsonplaceholder.typicode.com", "via.placeholder.com", "placehold.co", "status.example"])
    }
}
