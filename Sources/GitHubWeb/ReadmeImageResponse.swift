import Foundation
import GitHub
import Hummingbird
import Upstream

/// An image the README proxy serves (GH-3), with a strong ETag (304 when the browser has it). Every
/// answer carries `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox`:
/// an SVG opened on its own, outside an `<img>`, runs no script and reaches nothing; `nosniff`
/// (from the shell) keeps a browser from reading the bytes as anything but the type given.
struct ReadmeImageResponse: ResponseGenerator {
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

    let image: ReadmeImage

    func response(from request: Request, context: some RequestContext) -> Response {
        var headers: HTTPFields = [
            .eTag: image.etag,
            .cacheControl: "public, max-age=3600",
            .contentSecurityPolicy: Self.contentSecurityPolicy,
        ]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == image.etag }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = image.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    /// What a refused or failed image answers: its status, with the drawn placeholder
    /// (`ReadmeImagePlaceholder`) as the body, so the `<img>` shows it without any script; nothing
    /// keeps it (`no-store`), so the image is asked again on the next visit.
    static func failure(_ failure: UpstreamFailure) -> Response {
        let status: HTTPResponse.Status = switch failure {
        case .rejected(.hostNotAllowed): .forbidden
        case .busy: .serviceUnavailable
        case .timedOut: .gatewayTimeout
        default: .badGateway
        }
        let headers: HTTPFields = [
            .cacheControl: "no-store", .contentSecurityPolicy: contentSecurityPolicy, .contentType: ReadmeImagePlaceholder.contentType,
        ]
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: ReadmeImagePlaceholder.svg)))
    }
}
