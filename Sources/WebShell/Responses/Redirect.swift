import HTTPTypes
import Hummingbird

/// 303 See Other to a local path: the "redirect" of post-redirect-get.
public struct SeeOther: ResponseGenerator {
    public let path: String

    public init(_ path: String) { self.path = path }

    public func response(from request: Request, context: some RequestContext) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
    static let xCSRFToken = Self("X-CSRF-Token")!
}
