import DeckTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Metrics
import Prometheus
import Testing
import WebShell

/// `/readyz` and `/metrics` (issue 26): what an operator's probes and scrapers read.
@Suite("Operator endpoints")
struct OperatorEndpointsTests {
    /// The process's metrics system, bootstrapped once for the whole test process (swift-metrics
    /// allows one bootstrap); every suite's requests count into it, so tests read it by route.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    @Test("/readyz is 200 while the database answers")
    func ready() async throws {
        try await TestDeck().run { client in
            let response = try await client.execute(uri: "/readyz", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "ready\n")
            #expect(response.headers[.setCookie] == nil)
        }
    }

    @Test("/readyz is 503 with Retry-After once the database is gone, and /healthz still 200")
    func notReady() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            try deck.database.close()
            let response = try await client.execute(uri: "/readyz", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "5")
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test("the public router never answers for metrics, in any spelling, whether or not the server keeps them")
    func noMetricsOnThePublicPort() async throws {
        let registry = Self.registry
        for keepsMetrics in [false, true] {
            var deck = try TestDeck()
            if keepsMetrics { deck.metrics = { registry.emitToBuffer() } }
            try await deck.run { client in
                _ = try await client.execute(uri: "/cars", method: .get)
                for path in ["/metrics", "/metrics/", "/metrics//", "//metrics", "/metrics/.", "/./metrics", "/metrics?format=text", "/METRICS", "/%6detrics"] {
                    for method in [HTTPRequest.Method.get, .head] {
                        let response = try await client.execute(uri: path, method: method)
                        #expect(response.status == .notFound, "\(method) \(path) answered \(response.status)")
                        #expect(!String(buffer: response.body).contains("hb_requests"), "\(path)")
                    }
                }
            }
        }
    }

    @Test("the metrics listener prints requests by route pattern and status, and their latency, in Prometheus text")
    func metrics() async throws {
        let registry = Self.registry
        var deck = try TestDeck()
        deck.metrics = { registry.emitToBuffer() }
        try await deck.run { client in
            _ = try await client.execute(uri: "/cars", method: .get)
            _ = try await client.execute(uri: "/split/harbour", method: .get)
        }
        try await Application(router: MetricsRoutes.router(metrics: { registry.emitToBuffer() })).test(.router) { client in
            let response = try await client.execute(uri: "/metrics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = String(buffer: response.body)
            let requests = text.split(separator: "\n").filter { $0.hasPrefix("hb_requests{") }
            // The pattern, never the path that was asked: one series per route, not per row.
            #expect(requests.contains { $0.contains(#"http_route="/split/{row}""#) && $0.contains(#"http_response_status_code="200""#) })
            #expect(requests.contains { $0.contains(#"http_route="/cars""#) })
            #expect(!text.contains("/split/harbour"))
            #expect(text.contains("http_server_request_duration_bucket{"))
            #expect(try await client.execute(uri: "/metrics", method: .head).status == .ok)
            // The listener serves metrics and nothing else: none of the deck's pages or probes.
            for path in ["/", "/readyz", "/healthz", "/cars"] {
                #expect(try await client.execute(uri: path, method: .get).status == .notFound, "\(path)")
            }
        }
    }
}
