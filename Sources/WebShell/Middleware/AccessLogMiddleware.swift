import Hummingbird
import Logging

/// One log line per request: method, path (no query string, no cookies, no tokens), status, duration.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        logger.info(
            "\(request.method) \(request.uri.path) \(response.status.code)",
            metadata: ["ms": "\(elapsed.milliseconds)"])
        return response
    }
}

extension Duration {
    /// The duration in milliseconds, for logs and pages.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
