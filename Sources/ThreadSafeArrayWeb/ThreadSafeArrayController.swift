import Dispatch
import Hummingbird
import ThreadSafeArray
import WebShell

/// `/thread-safe-array`: explains the type and, on request, runs the TSA-5 demo on the server.
struct ThreadSafeArrayController {
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(ThreadSafeArrayPath.page, use: page)
    }

    /// The page; `?run=1` runs the demo first and shows its result.
    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let result = request.uri.queryParameters["run"] != nil ? await Self.runDemo() : nil
        return ThreadSafeArrayView(result: result).page(shell.page(context))
    }

    /// The demo blocks while its two blocks run, so it runs on a Dispatch thread, not on the
    /// cooperative pool that serves requests.
    static func runDemo() async -> (count: Int, elapsed: Duration) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: ThreadSafeArrayDemo.run())
            }
        }
    }
}
