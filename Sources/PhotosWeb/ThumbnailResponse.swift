import Foundation
import Hummingbird
import Photos

/// A thumbnail with a strong ETag (304 when the browser has it). The host's image is kept a
/// week; the drawn placeholder only a minute, so a host that recovers is seen soon.
struct ThumbnailResponse: ResponseGenerator {
    let thumbnail: Thumbnail

    func response(from request: Request, context: some RequestContext) -> Response {
        var headers: HTTPFields = [
            .eTag: thumbnail.etag,
            .cacheControl: thumbnail.isFallback ? "public, max-age=60" : "public, max-age=604800",
        ]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == thumbnail.etag }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = thumbnail.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: thumbnail.bytes)))
    }
}
