import Logging

/// Failures are logged at notice; the suites assert on them instead of printing them.
public let quietLogger: Logger = {
    var logger = Logger(label: "test.upstream")
    logger.logLevel = .warning
    return logger
}()
