import Hummingbird

/// Refuses request bodies over `AppRequestContext.bodyLimit` with 413 before any route sees them.
/// A declared Content-Length is checked up front; a chunked body is collected up to the limit.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > AppRequestContext.bodyLimit {
            throw HTTPError(.contentTooLarge)
        }
        guard request.method != .get, request.method != .head else {
            return try await next(request, context)
        }
        var request = request
        _ = try await request.collectBody(upTo: AppRequestContext.bodyLimit)
        return try await next(request, context)
    }
}
