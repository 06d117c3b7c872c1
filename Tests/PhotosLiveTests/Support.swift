import Foundation
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
    var configuration = UpstreamConfiguration(
        baseURL: standIn.baseURL, connectTimeout: .seconds(2), requestTimeout: .seconds(5))
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

/// Every line logged through it, message and metadata, at every level.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var logger: Logger {
        var logger = Logger(label: "test.capture") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append("\(event.level) \(event.message) \(merged.map { "\($0)=\($1)" }.sorted().joined(separator: " "))")
        }
    }
}
