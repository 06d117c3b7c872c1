import Hummingbird

/// A whole page: the document's bytes and its status. Personal (it carries the device's token),
/// so caches must revalidate it.
public struct HTMLPage: ResponseGenerator {
    public let status: HTTPResponse.Status
    public let body: ByteBuffer
    /// "gzip" when `body` is gzipped already (a memoised page, `PageMemo`); nil when it is the page.
    let contentEncoding: String?

    public init(status: HTTPResponse.Status = .ok, body: ByteBuffer) {
        self.init(status: status, body: body, contentEncoding: nil)
    }

    init(status: HTTPResponse.Status, body: ByteBuffer, contentEncoding: String?) {
        self.status = status
        self.body = body
        self.contentEncoding = contentEncoding
    }

    public func response(from request: Request, context: some RequestContext) -> Response {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "private, no-cache"]
        if let contentEncoding { headers[.contentEncoding] = contentEncoding }
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }
}
