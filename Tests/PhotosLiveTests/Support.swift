import Foundation
import LoopbackSupport
import Logging
import Synchronization
import UpstreamHTTP

/// Runs `body` with a running stand-in and an `UpstreamClient` on it, then shuts both down,
/// whether `body` threw or not.
@discardableResult
func withStandIn<T>(
    photoCount: Int = 20,
    configure: (inout UpstreamConfiguration) -> Void = { _ in },
    logger: Logger = quietLogger,
    _ body: (StandIn, UpstreamClient) async throws -> T
) async throws -> T {
    let standIn = try await StandIn.start(photoCount: photoCount)
    // Generous: the deadline covers the whole exchange, and a loaded test run can hold a body
    // back for seconds. Suites about timeouts set their own.
    var configuration = UpstreamConfiguration(
        baseURL: standIn.baseURL, connectTimeout: .seconds(2), requestTimeout: .seconds(30))
    configure(&configuration)
    let client = UpstreamClient(configuration: configuration, logger: logger)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(standIn, client))
    } catch {
        result = .failure(error)
    }
    try await client.shutdown()
    await standIn.stop()
    return try result.get()
}

/// Failures are logged at notice; the suites assert on them instead of printing them.
let quietLogger: Logger = {
    var logger = Logger(label: "test.upstream")
    logger.logLevel = .warning
    return logger
}()

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("photos-live-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

