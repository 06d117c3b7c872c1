import Hummingbird

/// Every state-changing request must come from one of our own pages and carry the CSRF token of
/// the browser's session (issue 36: a removed browser's tokens stop working), as the `_csrf` form field or the `X-CSRF-Token` header; otherwise it gets 403 and no
/// route runs. Where the browser says where the request comes from (`Sec-Fetch-Site`, `Origin`),
/// that must be this site: a second line behind the token.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let signer: CSRFSigner

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !request.method.isSafe else {
            return try await next(request, context)
        }
        guard RequestOrigin.isSameOrigin(request.head) else {
            throw HTTPError(.forbidden)
        }
        // A body that is no form (a field given twice, a broken escape) is the sender's mistake,
        // said as 400, not a missing token.
        let submitted = try request.headers[.xCSRFToken] ?? context.decodeForm(CSRFField.self)._csrf
        guard signer.isValid(submitted, for: context.session, owner: context.device, legacyCookie: context.legacyCookie) else {
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

/// What a browser says about where a request comes from.
enum RequestOrigin {
    /// True unless the request says it comes from another site: `Sec-Fetch-Site` other than
    /// `same-origin` or `none` (typed by the person), or an `Origin` whose host and port are not the
    /// request's own `Host`. Clients that send neither (curl, old browsers) rely on the token alone.
    static func isSameOrigin(_ head: HTTPRequest) -> Bool {
        if let site = head.headerFields[.secFetchSite], site != "same-origin", site != "none" {
            return false
        }
        guard let origin = head.headerFields[.origin] else { return true }
        guard let host = head.authority, let separator = origin.range(of: "://") else { return false }
        let scheme = origin[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return false }
        return origin[separator.upperBound...].lowercased() == host.lowercased()
    }
}
