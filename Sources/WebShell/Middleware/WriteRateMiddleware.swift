import Hummingbird

/// Keeps the write rates (issue 34): a state-changing request (POST and every other method that is
/// not GET, HEAD or OPTIONS) takes a token from its owner's bucket and its client address's, or is
/// answered 429 with `Retry-After` (the seconds until both have one) and no route runs. Pages and
/// scripts (`Accept: application/json`) get the same status; the error page says it in the page's
/// language.
///
/// The owner is the device of a valid cookie: a request without one draws a new device each time,
/// so only its address counts it. The address is the peer's, or behind a proxy named in
/// `--trusted-proxies` the client the proxy saw (`ClientAddress.of`).
struct WriteRateMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let limiter: WriteRateLimiter
    var trustedProxies: Set<String> = []

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !request.method.isSafe else { return try await next(request, context) }
        let client = ClientAddress.of(peer: context.peerAddress, forwardedFor: request.headers[.xForwardedFor], trustedProxies: trustedProxies)
        if let wait = limiter.admit(owner: context.devicePresented ? context.deviceID : nil, address: client.map(ClientAddress.init)) {
            throw HTTPError(.tooManyRequests, headers: [.retryAfter: String(wait)])
        }
        return try await next(request, context)
    }
}
