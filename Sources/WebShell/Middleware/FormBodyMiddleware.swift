import Devices
import Hummingbird
import Persistence

/// Collects the body of every state-changing request once, up to `AppRequestContext.bodyLimit`
/// (413 beyond it, whether declared by Content-Length or found while reading a chunked body), and
/// keeps it in the context for the CSRF check and the route's form. The paths apps name as
/// uploads (`DeckApp.uploadPaths`, issue 36) take `AppRequestContext.uploadLimit` instead, and a
/// `multipart/form-data` body is parsed (`MultipartForm`): its files go to `context.multipart`,
/// its short text fields (`_csrf` among them) into the url-encoded form the CSRF check reads. A body that cannot be read to
/// its end is a 400. The request's time for the database (`RequestDeadline`) starts again once
/// the body is in: how long a client takes to send it is not the database's.
struct FormBodyMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// Paths whose POST may carry a file up to `AppRequestContext.uploadLimit`.
    var uploadPaths: Set<String> = []
    /// Where a large multipart body is parsed (issue 46, item 4).
    var heavyWork = HeavyWork()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let limit = uploadPaths.contains(request.uri.path) ? AppRequestContext.uploadLimit : AppRequestContext.bodyLimit
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw HTTPError(.contentTooLarge)
        }
        guard !request.method.isSafe else {
            return try await next(request, context)
        }
        var request = request
        var context = context
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            // A malformed chunked body, or a client that went away or was too slow mid-body: the
            // client's fault, not the server's, and the connection cannot carry another request.
            context.logger.notice("Request body unreadable", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            throw HTTPError(.badRequest, headers: [.connection: "close"])
        }
        if let boundary = request.headers[.contentType].flatMap(MultipartForm.boundary(ofContentType:)) {
            let form: MultipartForm
            do {
                form = try await heavyWork.run(bytes: body.readableBytes) { [body] in
                    try MultipartForm(parsing: body.readableBytesView, boundary: boundary)
                }
            } catch let busy as HTTPError {
                throw busy
            } catch {
                throw HTTPError(.badRequest)
            }
            context.multipart = form
            context.formBody = FormEncoding.encode(form.fields.filter { $0.value.utf8.count <= AppRequestContext.bodyLimit })
        } else {
            context.formBody = String(buffer: body)
        }
        return try await RequestDeadline.answering { [request, context] in try await next(request, context) }
    }
}

extension HTTPRequest.Method {
    /// GET, HEAD and OPTIONS change nothing, so they carry no form and need no CSRF token.
    var isSafe: Bool { self == .get || self == .head || self == .options }
}
