import Foundation
import GitHubLive
import Testing
import UpstreamHTTP

/// Issue 33, item 6: `appdeck_upstream_fetches_total{host=…}` kept a series for the life of the
/// process per README image host (2,000 hosts: 2,000 series). Only hosts a client is configured
/// with are named; every other host is `other`.
@Suite("GitHub's clients label upstream metrics by configured hosts only")
struct MetricHostTests {
    @Test("GitHub's client names its API host; anything else is other")
    func github() async throws {
        let client = UpstreamClient(configuration: GitHubClient.configuration(baseURL: URL(string: "https://API.github.com")!))
        #expect(client.metricHost("api.github.com") == "api.github.com")
        #expect(client.metricHost("API.GitHub.com") == "api.github.com")
        #expect(client.metricHost("evil.example") == "other")
        #expect(client.metricHost(nil) == "other")
        try await client.shutdown()
    }

    @Test("the README image client, which fetches whatever hosts READMEs name, names none of them")
    func readmeImages() async throws {
        let configuration = ReadmeImageFetcher.configuration(privateHosts: ["127.0.0.1"])
        #expect(configuration.labelledHosts.isEmpty)
        let client = UpstreamClient(configuration: configuration)
        let hosts = (0..<2000).map { "img\($0).example" } + ["raw.githubusercontent.com", "127.0.0.1", "img.shields.io"]
        #expect(Set(hosts.map(client.metricHost)) == ["other"])
        try await client.shutdown()
    }
}
