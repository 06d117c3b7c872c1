import Hummingbird
import Logging

/// One log line per request: method, path (no query string, no cookies, no tokens), status, duration.
/// Behind a proxy named in `trustedProxies` (issue 26: nginx in front of several servers), the line
/// also carries the proxy's `X-Forwarded-For`; from any other peer that header is anyone's claim
/// and is left out.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let logger: Logger
    /// Addresses of the proxies whose `X-Forwarded-For` is recorded (`--trusted-proxies`).
    var trustedProxies: Set<String> = []

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        var metadata: Logger.Metadata = ["ms": "\(elapsed.milliseconds)"]
        if let peer = context.peerAddress, trustedProxies.contains(peer), let forwarded = request.headers[.xForwardedFor] {
            metadata["forwarded_for"] = "\(forwarded.prefix(200))"
        }
        logger.info("\(request.method) \(request.uri.path) \(response.status.code)", metadata: metadata)
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
