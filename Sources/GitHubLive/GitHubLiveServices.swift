import Foundation
import Logging
import RepoBrowser
import UpstreamHTTP

/// Everything live the GitHub app needs, made in one call by the composition root and shut down
/// by it in one call after the server has stopped.
///
/// ```swift
/// let github = GitHubLiveServices(userAgent: options.userAgent, logger: logger)
/// let repository = AppRepository(api: github.api, storage: encryptedStoreForThisDevice)
/// …
/// await github.shutdown()   // after the server has stopped
/// ```
public struct GitHubLiveServices: Sendable {
    /// GitHub's REST API (`GitHubAPI`), with its conditional-request cache.
    public let api: GitHubClient
    private let client: UpstreamClient

    /// Creates the upstream client for `baseURL` (GitHub's API unless a stand-in is given).
    public init(
        baseURL: URL = GitHubClient.defaultBaseURL,
        userAgent: String = UpstreamConfiguration.defaultUserAgent,
        configuration: UpstreamConfiguration? = nil,
        cache: GitHubResponseCache = GitHubResponseCache(),
        logger: Logger = Logger(label: "appdeck.github.upstream")
    ) {
        client = UpstreamClient(
            configuration: configuration ?? GitHubClient.configuration(baseURL: baseURL, userAgent: userAgent), logger: logger)
        api = GitHubClient(client: client, cache: cache, logger: logger)
    }

    /// Shuts the HTTP client down. Call once, after the last request (after the server stopped).
    public func shutdown() async {
        try? await client.shutdown()
    }
}
