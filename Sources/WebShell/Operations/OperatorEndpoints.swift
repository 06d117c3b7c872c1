import Hummingbird
import Synchronization

/// What the endpoints an operator's tools read answer from (issue 26): `/readyz`, whether the
/// database answers, and the server's metrics. `/healthz` stays a process check and asks neither.
/// Metrics are never served on the public port (issue 33): `MetricsRoutes` serves them on a
/// listener of their own.
public struct OperatorEndpoints: Sendable {
    /// Throws when the server cannot serve pages that need the database.
    public var readiness: @Sendable () async throws -> Void
    /// The metrics in Prometheus' text format; nil: the server keeps none. When set, the public
    /// router records each request into the process's metrics system; the text itself is served
    /// by the metrics listener (`MetricsRoutes`), never by the public router.
    public var metrics: (@Sendable () -> [UInt8])?
    /// How long `/readyz` waits for `readiness` before it says no.
    public var readinessTimeout: Duration

    public init(
        readiness: @escaping @Sendable () async throws -> Void, metrics: (@Sendable () -> [UInt8])? = nil,
        readinessTimeout: Duration = .seconds(2)
    ) {
        self.readiness = readiness
        self.metrics = metrics
        self.readinessTimeout = readinessTimeout
    }

    /// A server without a database to ask (tests of the shell alone).
    public static let alwaysReady = OperatorEndpoints(readiness: {})
}

/// `/readyz`. (Metrics have their own listener: `MetricsRoutes`.)
struct OperatorRoutes {
    static let readyPath = "/readyz"
    /// What a load balancer is told to wait before it asks again.
    static let retryAfterSeconds = 5

    let endpoints: OperatorEndpoints

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(RouterPath(Self.readyPath), use: ready)
    }

    /// 200 when the database answered within the timeout, else 503 with `Retry-After`.
    @Sendable func ready(_ request: Request, context: AppRequestContext) async -> Response {
        let answered = await Self.succeeds(within: endpoints.readinessTimeout, endpoints.readiness)
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        guard answered else {
            headers[.retryAfter] = String(Self.retryAfterSeconds)
            return Response(status: .serviceUnavailable, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "not ready\n")))
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "ready\n")))
    }

    /// Whether `check` returned without throwing before `timeout`. The answer never waits past
    /// the timeout: a check still running then (a database that does not answer and does not
    /// heed cancellation) is cancelled and left to end on its own.
    static func succeeds(within timeout: Duration, _ check: @escaping @Sendable () async throws -> Void) async -> Bool {
        await withCheckedContinuation { continuation in
            let answered = Mutex(false)
            let claim: @Sendable () -> Bool = { answered.withLock { done in defer { done = true }; return !done } }
            let work = Task {
                let succeeded = (try? await check()) != nil
                if claim() { continuation.resume(returning: succeeded) }
            }
            Task {
                try? await Task.sleep(for: timeout)
                if claim() {
                    continuation.resume(returning: false)
                    work.cancel()
                }
            }
        }
    }
}

/// The metrics listener's routes (issue 33): `GET /metrics` (and `HEAD`), the Prometheus text,
/// and 404 for anything else. It listens on an address of its own, loopback unless told
/// otherwise, so the public port never answers for metrics, whatever a proxy in front does with
/// `/metrics/`, `/metrics//` or `/%6detrics`.
public enum MetricsRoutes {
    public static let path = "/metrics"

    public static func router(metrics: @escaping @Sendable () -> [UInt8]) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.get(RouterPath(path)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics())))
        }
        return router
    }
}
