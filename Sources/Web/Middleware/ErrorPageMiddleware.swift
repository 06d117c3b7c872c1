import Hummingbird
import Logging

/// Turns every error into a page inside the shell (404, 403, 413, 500 …), in the request's language.
/// Unexpected errors are logged and shown as 500 without their details.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let pages: PageRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            return pages.errorPage(status: error.status, context: context)
        } catch let error as any HTTPResponseError {
            return pages.errorPage(status: error.status, context: context)
        } catch {
            context.logger.error("Unhandled error", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            let retry = request.method == .get ? ShellRoutes.safeReturnPath(request.uri.description) : nil
            return pages.errorPage(status: .internalServerError, context: context, retryPath: retry)
        }
    }
}
