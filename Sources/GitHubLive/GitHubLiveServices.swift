import Caching
import Foundation
import GitHub
import Logging
import UpstreamHTTP

/// Everything live the GitHub app needs, made in one call by the composition root and shut down
/// by it in one call after the server has stopped.
///
/// ```swift
/// let github = GitHubLiveServices(userAgent: options.userAgent, logger: logger)
/// let repository = GitHubService(api: github.api, storage: encryptedStoreForThisDevice)
/// …
/// await github.shutdown()   // after the server has stopped
/// ```
public struct GitHubLiveServices: Sendable {
    /// GitHub's REST API (`GitHubAPI`), with its conditional-request cache.
    public let api: GitHubClient
    /// README images for the proxy (GH-3): their own client (public addresses only, but for
    /// `readmeImagePrivateHosts`) and `<data-dir>/readme-images`; nil without a data directory.
    public let readmeImages: ReadmeImages?
    /// GitHub's device flow on github.com (issue 49); nil unless a base URL for it was given.
    public let deviceFlow: GitHubDeviceFlowClient?
    private let client: UpstreamClient
    private let imageClient: UpstreamClient?
    private let deviceFlowClient: UpstreamClient?

    /// Creates the upstream client for `baseURL` (GitHub's API unless a stand-in is given), the
    /// device flow's for `deviceFlowBaseURL` (github.com) when given, and,
    /// given a data directory, the README images' client and disk cache (`<dataDirectory>/readme-images`,
    /// at most `imageCacheBytes`). Throws only when that directory cannot be created or listed.
    public init(
        baseURL: URL = GitHubClient.defaultBaseURL,
        userAgent: String = UpstreamConfiguration.defaultUserAgent,
        configuration: UpstreamConfiguration? = nil,
        cache: GitHubResponseCache = GitHubResponseCache(),
        dataDirectory: URL? = nil,
        imageCacheBytes: Int = 64 << 20,
        readmeImagePrivateHosts: [String] = [],
        deviceFlowBaseURL: URL? = nil,
        logger: Logger = Logger(label: "appdeck.github.upstream")
    ) throws {
        let deviceFlowClient = deviceFlowBaseURL.map {
            UpstreamClient(configuration: GitHubDeviceFlowClient.configuration(baseURL: $0, userAgent: userAgent), logger: logger)
        }
        self.deviceFlowClient = deviceFlowClient
        deviceFlow = deviceFlowClient.map { GitHubDeviceFlowClient(client: $0) }
        client = UpstreamClient(
            configuration: configuration ?? GitHubClient.configuration(baseURL: baseURL, userAgent: userAgent), logger: logger)
        api = GitHubClient(client: client, cache: cache, logger: logger)
        if let dataDirectory {
            let disk = try DiskImageCache(
                directory: dataDirectory.appendingPathComponent("readme-images", isDirectory: true), maximumBytes: imageCacheBytes)
            var imageConfiguration = ReadmeImageFetcher.configuration(privateHosts: readmeImagePrivateHosts)
            imageConfiguration.userAgent = userAgent
            let imageClient = UpstreamClient(configuration: imageConfiguration, logger: logger)
            self.imageClient = imageClient
            readmeImages = ReadmeImages(fetcher: ReadmeImageFetcher(client: imageClient), diskCache: disk)
        } else {
            imageClient = nil
            readmeImages = nil
        }
    }

    /// Shuts the HTTP clients down. Call once, after the last request (after the server stopped).
    public func shutdown() async {
        try? await client.shutdown()
        try? await imageClient?.shutdown()
        try? await deviceFlowClient?.shutdown()
    }
}
