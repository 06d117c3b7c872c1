import Devices
import Hummingbird
import Logging
import Persistence

/// Turns every error into a page inside the shell (404, 403, 413, 429, 500 …), in the request's language.
/// Unexpected errors are logged and shown as 500 without their details.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let shell: Shell

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let page: ErrorPage
        var headers = HTTPFields()
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            page = ErrorPage(status: error.status)
            headers = error.headers
        } catch let error as any HTTPResponseError {
            page = ErrorPage(status: error.status)
        } catch let error as StoreUnavailable {
            // The database is away for a moment (a restart, a failover): ask again shortly.
            context.logger.warning("Store unavailable", metadata: ["reason": "\(error.reason)"])
            page = ErrorPage(status: .serviceUnavailable, retryPath: request.method == .get ? ShellRoutes.safeReturnPath(request.uri.description) : nil)
            headers[.retryAfter] = String(OperatorRoutes.retryAfterSeconds)
        } catch {
            context.logger.error("Unhandled error", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            let retry = request.method == .get ? ShellRoutes.safeReturnPath(request.uri.description) : nil
            page = ErrorPage(status: .internalServerError, retryPath: retry)
        }
        var response = page.page(shell.page(context)).response(from: request, context: context)
        // What the error says about itself (`Allow` on a 405, `Connection: close` on a bad body).
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}

/// A page inside the shell for an HTTP error; the text comes from `shell.error.<code>`.
struct ErrorPage {
    let status: HTTPResponse.Status
    var retryPath: String?

    func page(_ page: PageContext) -> HTMLPage {
        let known: Set<Int> = [400, 403, 404, 405, 413, 422, 429, 500, 503]
        let code = known.contains(status.code) ? status.code : (status.code >= 500 ? 500 : 400)
        let title = page.t("shell.error.\(code).title")
        let state = ErrorState(
            code: status.code, title: title, message: page.t("shell.error.\(code).message"), retryHref: retryPath, homeHref: "/")
        return Document(title: title).page(page, status: status) {
            NavigationBar.backToHome(title, page).html(page)
            HTML.main(.class("content")) {
                state.html(page)
            }
        }
    }
}
