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
