import Dispatch
import Hummingbird
import ThreadSafeArray

/// `/thread-safe-array`: explains the type and, on request, runs the TSA-5 demo on the server.
struct ThreadSafeArrayRoutes {
    let environment: WebEnvironment

    func register(on router: Router<AppRequestContext>) {
        router.get("/thread-safe-array") { request, context in
            let catalogue = context.catalogue
            var values: [String: Any] = [
                "title": catalogue.text("tsa.title"),
                "nav": ["title": catalogue.text("tsa.title"), "backHref": "/", "backLabel": catalogue.text("shell.app.shortName")],
            ]
            if request.uri.queryParameters["run"] != nil {
                let result = await Self.runDemo()
                values["result"] = [
                    "count": catalogue.text("tsa.result.count", ["count": String(result.count)]),
                    "elapsed": catalogue.text("tsa.result.elapsed", ["ms": Self.format(milliseconds: result.elapsed.milliseconds)]),
                ]
            }
            return environment.pages.page("thread-safe-array", values, context: context)
        }
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

    static func format(milliseconds: Double) -> String {
        String(format: "%.2f", milliseconds)
    }
}
