import Hummingbird

/// A whole page: the document's bytes and its status. Personal (it carries the device's token),
/// so caches must revalidate it.
public struct HTMLPage: ResponseGenerator {
    public let status: HTTPResponse.Status
    public let body: ByteBuffer

    public init(status: HTTPResponse.Status = .ok, body: ByteBuffer) {
        self.status = status
        self.body = body
    }

    public func response(from request: Request, context: some RequestContext) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "private, no-cache"],
            body: .init(byteBuffer: body))
    }
}
