import Hummingbird

/// Every state-changing request must carry the device's CSRF token, as the `_csrf` form field or
/// the `X-CSRF-Token` header; otherwise it gets 403 and no route runs.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let signer: CSRFSigner

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !request.method.isSafe else {
            return try await next(request, context)
        }
        let submitted = request.headers[.xCSRFToken] ?? (try? context.decodeForm(CSRFField.self))?._csrf
        guard signer.isValid(submitted, for: context.device) else {
            throw HTTPError(.forbidden)
        }
        return try await next(request, context)
    }
}

/// The hidden field every form of ours carries.
struct CSRFField: Decodable {
    static let name = "_csrf"
    let _csrf: String?
}
