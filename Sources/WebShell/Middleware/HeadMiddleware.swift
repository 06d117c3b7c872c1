import Hummingbird

/// A `HEAD` answer keeps its status and headers (Content-Length included) and sends no body. The
/// router answers `HEAD` wherever it answers `GET` (`autoGenerateHeadEndpoints`); this covers the
/// answers no route makes, such as error pages.
struct HeadMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .head else { return try await next(request, context) }
        var response = try await next(request, context)
        response.body = ResponseBody(contentLength: response.body.contentLength) { _ in }
        return response
    }
}
