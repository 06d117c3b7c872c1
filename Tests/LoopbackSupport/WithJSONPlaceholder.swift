import Logging
import UpstreamHTTP

/// Runs `body` with a running jsonplaceholder stand-in and an `UpstreamClient` on it, then shuts
/// both down, whether `body` threw or not.
@discardableResult
public func withJSONPlaceholder<T>(
    photoCount: Int = 20,
    configure: (inout UpstreamConfiguration) -> Void = { _ in },
    logger: Logger = quietLogger,
    _ body: (JSONPlaceholderStandIn, UpstreamClient) async throws -> T
) async throws -> T {
    let standIn = try await JSONPlaceholderStandIn.start(photoCount: photoCount)
    // Generous: the deadline covers the whole exchange, and a loaded test run can hold a body
    // back for seconds. Suites about timeouts set their own.
    var configuration = UpstreamConfiguration(
        baseURL: standIn.baseURL, connectTimeout: .seconds(2), requestTimeout: .seconds(30))
    configure(&configuration)
    let client = UpstreamClient(configuration: configuration, logger: logger)
    return try await withCleanUp {
        try await body(standIn, client)
    } cleanUp: {
        try await client.shutdown()
        await standIn.stop()
    }
}
