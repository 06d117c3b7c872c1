import Caching
import Foundation
import GitHub
import Upstream
import UpstreamHTTP

/// Fetches README images by absolute URL for the proxy (GH-3), through an `UpstreamClient` made
/// with `ReadmeImageFetcher.configuration(privateHosts:)`: public addresses only, checked after
/// DNS resolution and again on every redirect, the connection pinned to the address checked
/// (`UpstreamAddressPolicy`); at most `maximumRedirects` redirects; a media type outside
/// `ReadmeImageRules.mediaTypes` is refused from the head, before any of the body is read, and a
/// body over the cap while it streams. No credentials and no cookies are sent. Failures are thrown
/// as `UpstreamFault`s, naming the origin each came from (the pipeline's breaker is kept by origin).
public struct ReadmeImageFetcher: ReadmeImageFetching {
    private let client: UpstreamClient

    /// Over a client made with `configuration(privateHosts:)`; the caller owns it and shuts it down.
    public init(client: UpstreamClient) {
        self.client = client
    }

    /// Short timeouts (a dead image host must cost little; the pipeline's breaker does the rest),
    /// 4 redirects at most (camo's number), and the address policy exempting `privateHosts`
    /// (`name` or `name:port`: the server option `--readme-image-private-hosts`).
    public static func configuration(
        privateHosts: [String] = [],
        connectTimeout: Duration = .seconds(3),
        requestTimeout: Duration = .seconds(10),
        maximumRedirects: Int = 4,
        resolver: (@Sendable (String) async throws -> [IPAddress])? = nil
    ) -> UpstreamConfiguration {
        let policy = resolver.map { UpstreamAddressPolicy(exemptHosts: privateHosts, resolver: $0) }
            ?? UpstreamAddressPolicy(exemptHosts: privateHosts)
        return UpstreamConfiguration(
            baseURL: nil, connectTimeout: connectTimeout, requestTimeout: requestTimeout,
            defaultHeaders: [(name: "Accept", value: "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8")],
            maximumBodyBytes: 5 << 20, maximumRedirects: maximumRedirects, addressPolicy: policy,
            connectionsPerHost: 8, connectionsPerParty: 4)
    }

    public func fetchImage(at url: URL, maximumBytes: Int, party: String?) async throws -> FetchedImage {
        let request = UpstreamRequest(
            .url(url), maximumBodyBytes: maximumBytes, party: party,
            checkHead: { _, headers in
                ReadmeImageRules.accepts(contentType: headers["Content-Type"]) ? nil : .rejected(.notAnImage)
            })
        // `fetch`, not `get`: its failures name the origin they came from, for the breaker.
        let response = try await client.fetch(request)
        guard let type = response.contentType, ReadmeImageRules.accepts(contentType: type) else {
            throw UpstreamFault(.rejected(.notAnImage), origin: UpstreamFault.origin(of: response.url))
        }
        return FetchedImage(bytes: response.body, contentType: ReadmeImageRules.mediaType(of: type))
    }
}
