import Hummingbird

/// Every state-changing request must carry the device's CSRF token, as the `_csrf` form field or
/// the `X-CSRF-Token` header; otherwise it gets 403 and no route runs. Parses the form body once.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let fieldName = "_csrf"

    let signer: CSRFSigner

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else {
            return try await next(request, context)
        }
        var context = context
        var request = request
        let body = try await request.collectBody(upTo: AppRequestContext.bodyLimit)
        context.form = FormData(urlEncoded: String(buffer: body))
        let submitted = request.headers[.xCSRFToken] ?? context.form[Self.fieldName]
        guard signer.isValid(submitted, for: context.device) else {
            throw HTTPError(.forbidden)
        }
        return try await next(request, context)
    }
}
