import HTTPTypes
import Hummingbird

/// Adds the safety baseline's headers to every response, error pages included. Images load from
/// our own origin only (README images come through GitHub's signed proxy, GH-3). A response that
/// sets a policy of its own (the proxy's `sandbox` for SVG) keeps it, and gets the baseline as a
/// second policy: a browser enforces both.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
            "manifest-src 'self'",
        ].joined(separator: "; ")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        } else {
            response.headers.append(HTTPField(name: .contentSecurityPolicy, value: Self.contentSecurityPolicy))
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        return response
    }
}
