import Logging
import Synchronization

/// Every line logged through it, message and metadata, at every level: the suites assert on what
/// the clients log (and never log).
public final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var all: [String] { lines.withLock { $0 } }

    public var logger: Logger {
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
