import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Synchronization
import Upstream

/// The shared upstream layer (Photos, GitHub, README images): one `HTTPClient` with the timeouts, user
/// agent, body cap and redirect rules of an `UpstreamConfiguration`, answering GETs or throwing
/// `UpstreamFailure` (or `CancellationError` when the calling task is cancelled).
///
/// Lifecycle: whoever creates a client owns it and must `await shutdown()` once it is no longer
/// used, before dropping it. In AppDeck that is the composition root: it creates one client per
/// upstream service when the server is built and shuts them all down after the server has stopped
/// (tests shut down the clients they make). Requests after `shutdown()` fail with `.offline`.
///
/// Logging: one line per request at debug (method, host, path without the query, status, bytes,
/// milliseconds) and one per failure at notice/debug. Headers are never logged, so neither is an
/// `Authorization` header, nor a query string (a token is never put in a URL, but nothing is taken
/// on trust).
public final class UpstreamClient: Sendable {
    public let configuration: UpstreamConfiguration
    private let httpClient: HTTPClient
    private let shares: ConnectionShares
    private let logger: Logger
    /// The hosts the fetch counter names (`UpstreamConfiguration.labelledHosts`).
    let labelledHosts: Set<String>

    /// Creates the client and its `HTTPClient` (on NIO's shared event loop group); call
    /// `shutdown()` when done.
    public init(configuration: UpstreamConfiguration, logger: Logger = Logger(label: "appdeck.upstream")) {
        self.configuration = configuration
        self.logger = logger
        self.labelledHosts = configuration.labelledHosts
        self.shares = ConnectionShares(
            limits: .init(perHost: configuration.connectionsPerHost, perParty: configuration.connectionsPerParty))
        self.httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.httpConfiguration(configuration))
    }

    /// AsyncHTTPClient's settings for `configuration`, pinned to addresses by `dnsOverride` when given.
    private static func httpConfiguration(_ configuration: UpstreamConfiguration, dnsOverride: [String: String] = [:]) -> HTTPClient.Configuration {
        var http = HTTPClient.Configuration(
            redirectConfiguration: .disallow,  // followed here, so each hop is checked and logged
            timeout: .init(connect: TimeAmount(configuration.connectTimeout)),
            decompression: .disabled)
        http.connectionPool.idleTimeout = TimeAmount(configuration.idleConnectionTimeout)
        http.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = configuration.connectionsPerHost
        // A refused or unresolvable host fails at once (`.offline`) instead of being retried until
        // the connect timeout: the screens say "offline" without a wait, and breakers see it fast.
        http.connectionPool.retryConnectionEstablishment = false
        http.dnsOverride = dnsOverride
        return http
    }

    /// Closes every connection and releases the `HTTPClient`. Call exactly once, after the last
    /// request (in AppDeck: the composition root, once the server has stopped).
    public func shutdown() async throws {
        try await httpClient.shutdown()
    }

    // MARK: - GET

    /// GET: the whole body of a 2xx (at most the body cap), or a 304 when the request carried
    /// `ifNoneMatch`. Everything else throws `UpstreamFailure`.
    ///
    /// The timeout covers the whole exchange, body included: a host that sends its head and then
    /// trickles or stalls is cut off at the deadline like one that never answers (`.timedOut`).
    /// Time spent waiting for a turn counts too; a request whose turn never came fails `.busy`.
    public func get(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        do {
            return try await fetch(request)
        } catch let fault as UpstreamFault {
            throw fault.failure
        }
    }

    /// `get`, throwing `UpstreamFault` (the failure and the origin it came from, for a breaker)
    /// instead of the bare `UpstreamFailure`; `CancellationError` when the calling task is cancelled.
    public func fetch(_ request: UpstreamRequest) async throws -> UpstreamResponse {
        let started = ContinuousClock.now
        let timeout = request.timeout ?? configuration.requestTimeout
        let end = ContinuousClock.now + timeout
        let url: URL
        do {
            url = try resolve(request.target)
        } catch let failure as UpstreamFailure {
            throw UpstreamFault(failure, origin: nil)
        }
        let turn = ConnectionShares.Turn()
        let progress = ExchangeProgress()
        do {
            guard let first = UpstreamOrigin(url) else { throw UpstreamFault(.rejected(.hostNotAllowed), origin: nil) }
            let answer = try await Upstream.within(timeout) { [self, url] in
                // The slot comes back at the deadline even if the exchange has not ended by then;
                // a moment after it, so that requests waiting with the same deadline have given
                // up their wait first instead of starting an exchange with no time left.
                try await shares.withSlot(
                    host: first.description, party: request.party, turn: turn,
                    deadline: { try await Task.sleep(until: end + Self.slotGrace, clock: .continuous) }
                ) {
                    try await exchange(request, from: url, deadline: NIODeadline.now() + TimeAmount(timeout), progress: progress)
                }
            }
            guard let answer else {
                // The deadline: while waiting for a turn it is our own wait; after it, the silence
                // of the host last asked.
                throw turn.wasTaken ? UpstreamFault(.timedOut, origin: progress.lastOrigin) : UpstreamFault(.busy, origin: nil)
            }
            log(Self.loggable(answer.url, label: request.logLabel), status: answer.status, bytes: answer.body.count, started: started)
            countFetch(host: first.host, outcome: answer.isNotModified ? "not_modified" : "ok")
            return answer
        } catch {
            if Task.isCancelled { throw CancellationError() }
            let last = progress.lastURL ?? url
            let fault = (error as? UpstreamFault)
                ?? UpstreamFault(UpstreamFailureMapping.failure(for: error), origin: progress.lastOrigin)
            countFetch(host: UpstreamOrigin(last)?.host, outcome: Self.outcome(of: fault.failure))
            let level: Logger.Level = (error is UpstreamFault) ? .debug : .notice
            logger.log(
                level: level, "upstream request failed",
                metadata: [
                    "url": "\(Self.loggable(last, label: request.logLabel))", "failure": "\(fault.failure)",
                    "error": "\(error is UpstreamFault ? "-" : String(describing: type(of: error)))",
                ])
            throw fault
        }
    }

    /// One exchange, redirects followed: each hop's origin (and, with an address policy, the
    /// addresses its host resolves to) checked before it is asked. Throws `UpstreamFault`s naming
    /// the hop that failed (nil for a hop our own policy refuses), or `CancellationError`.
    private func exchange(_ request: UpstreamRequest, from start: URL, deadline: NIODeadline, progress: ExchangeProgress) async throws -> UpstreamResponse {
        var url = start
        let origin = UpstreamOrigin(start)
        var redirects = 0
        while true {
            try Task.checkCancellation()
            guard let hop = UpstreamOrigin(url), configuration.allowedOrigins?.contains(hop) ?? true else {
                progress.record(url, origin: nil)
                throw UpstreamFault(.rejected(.hostNotAllowed), origin: nil)
            }
            progress.record(url, origin: hop.description)
            // A host the policy pins gets a client of its own whose only address for it is the one
            // checked; it is shut down once this hop's answer is read.
            var pinned: HTTPClient?
            if let policy = configuration.addressPolicy {
                let connection: UpstreamAddressPolicy.Connection
                do {
                    connection = try await policy.check(url)
                } catch let failure as UpstreamFailure {
                    // A name that does not resolve is the host's; an address we refuse is ours.
                    throw UpstreamFault(failure, origin: failure == .offline ? hop.description : nil)
                }
                if case .pinned(let host, let address) = connection {
                    var override = [host: address.description]
                    if let written = url.host { override[written] = address.description }
                    pinned = HTTPClient(
                        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: Self.httpConfiguration(configuration, dnsOverride: override))
                }
            }
            let outcome: Result<Hop, any Error>
            do {
                outcome = .success(try await ask(url, with: pinned ?? httpClient, request, sameOrigin: hop == origin, deadline: deadline))
            } catch is CancellationError {
                outcome = .failure(CancellationError())
            } catch {
                outcome = .failure(UpstreamFault(UpstreamFailureMapping.failure(for: error), origin: hop.description))
            }
            if let pinned { try? await pinned.shutdown() }
            switch try outcome.get() {
            case .answer(let response):
                return response
            case .redirect(let status, let location):
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL,
                    ["http", "https"].contains(next.scheme?.lowercased() ?? "")
                else {
                    // `file:`, `gopher:`…: never followed. The host answered, so it is alive.
                    throw UpstreamFault(.rejected(.hostNotAllowed), origin: hop.description)
                }
                guard redirects < configuration.maximumRedirects else { throw UpstreamFault(.server(status: status), origin: hop.description) }
                redirects += 1
                logger.debug(
                    "upstream redirect", metadata: ["status": "\(status)", "to": "\(Self.loggable(next, label: request.logLabel))"])
                url = next
            }
        }
    }

    private enum Hop {
        case answer(UpstreamResponse)
        case redirect(status: Int, location: String)
    }

    /// One request to `url` without following a redirect: the answer, read whole, or where it
    /// redirects to.
    private func ask(_ url: URL, with client: HTTPClient, _ request: UpstreamRequest, sameOrigin: Bool, deadline: NIODeadline) async throws -> Hop {
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        if request.method == .put { outgoing.body = .bytes(ByteBuffer()) }  // `Content-Length: 0`, as GitHub asks
        if request.method == .post { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        outgoing.headers = requestHeaders(for: request, sameOrigin: sameOrigin)
        let response = try await client.execute(outgoing, deadline: deadline, logger: nil)
        let status = Int(response.status.code)
        let headers = UpstreamHeaders(response.headers.map { (name: $0.name, value: $0.value) })

        if request.method == .get, [301, 302, 303, 307, 308].contains(status), let location = headers["Location"] {
            try? await drain(response.body)
            return .redirect(status: status, location: location)
        }
        if !request.answeredStatuses.contains(status), let failure = UpstreamFailureMapping.failure(
            status: status, headers: headers, conditional: request.ifNoneMatch != nil, now: configuration.now())
        {
            try? await drain(response.body)
            throw failure
        }
        if status == 304 {
            try? await drain(response.body)
            return .answer(UpstreamResponse(status: status, headers: headers, body: [], url: url))
        }
        if let check = request.checkHead, let failure = check(status, headers) {
            throw failure
        }
        let body = try await read(
            response.body, declaredLength: headers["Content-Length"].flatMap { RequestLength.parse($0) },
            limit: request.maximumBodyBytes ?? configuration.maximumBodyBytes)
        return .answer(UpstreamResponse(status: status, headers: headers, body: body, url: url))
    }

    /// How long after its exchange's deadline a slot is given back if the exchange has not ended.
    static let slotGrace = Duration.milliseconds(250)

    /// GET a path relative to the base URL.
    public func get(path: String, headers: [(name: String, value: String)] = []) async throws -> UpstreamResponse {
        try await get(UpstreamRequest(.path(path), headers: headers))
    }

    // MARK: - JSON

    /// GET and decode JSON; a body that does not decode is `.unreadable`.
    public func getJSON<Value: Decodable>(
        _ type: Value.Type, _ request: UpstreamRequest, decoder: JSONDecoder = JSONDecoder()
    ) async throws -> Value {
        let response = try await get(request)
        guard !response.isNotModified else { throw UpstreamFailure.server(status: 304) }
        return try Self.decode(type, from: response, decoder: decoder)
    }

    /// GET and decode JSON relative to the base URL.
    public func getJSON<Value: Decodable>(
        _ type: Value.Type, path: String, headers: [(name: String, value: String)] = [], decoder: JSONDecoder = JSONDecoder()
    ) async throws -> Value {
        try await getJSON(type, UpstreamRequest(.path(path), headers: headers), decoder: decoder)
    }

    /// A conditional JSON GET: sends `If-None-Match: etag` when one is held; `.notModified` on a
    /// 304, else the decoded value with the new ETag.
    public func getJSON<Value: Decodable & Sendable>(
        _ type: Value.Type, _ request: UpstreamRequest, ifNoneMatch etag: String?, decoder: JSONDecoder = JSONDecoder()
    ) async throws -> UpstreamConditional<Value> {
        var request = request
        request.ifNoneMatch = etag
        let response = try await get(request)
        if response.isNotModified { return .notModified }
        return .modified(try Self.decode(type, from: response, decoder: decoder), etag: response.etag)
    }

    /// Decodes a response's body; `.unreadable` when it is not that JSON.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from response: UpstreamResponse, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        do {
            return try decoder.decode(type, from: Data(response.body))
        } catch {
            throw UpstreamFailure.unreadable
        }
    }

    // MARK: - Internals

    private func resolve(_ target: UpstreamRequest.Target) throws -> URL {
        switch target {
        case .url(let url):
            guard ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw UpstreamFailure.notFound
            }
            return url
        case .path(let path):
            guard let base = configuration.baseURL else { throw UpstreamFailure.notFound }
            var root = base.absoluteString
            while root.hasSuffix("/") { root.removeLast() }
            let tail = path.drop { $0 == "/" }
            guard let url = URL(string: root + "/" + tail) else { throw UpstreamFailure.notFound }
            return url
        }
    }

    /// Default headers, then the call's (a call's header replaces a default of the same name);
    /// the call's headers only while the request stays on its first origin.
    private func requestHeaders(for request: UpstreamRequest, sameOrigin: Bool) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "User-Agent", value: configuration.userAgent)
        for field in configuration.defaultHeaders { headers.replaceOrAdd(name: field.name, value: field.value) }
        if sameOrigin {
            for field in request.headers { headers.replaceOrAdd(name: field.name, value: field.value) }
            if let etag = request.ifNoneMatch { headers.replaceOrAdd(name: "If-None-Match", value: etag) }
        }
        return headers
    }

    /// Reads the body, refusing more than `limit` bytes: at once when the declared length is
    /// over, else as soon as the running count is (the rest is never downloaded).
    private func read(_ body: HTTPClientResponse.Body, declaredLength: Int?, limit: Int) async throws -> [UInt8] {
        if let declaredLength, declaredLength > limit { throw UpstreamFailure.rejected(.tooLarge) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(declaredLength ?? 16 * 1024, limit))
        for try await chunk in body {
            guard bytes.count + chunk.readableBytes <= limit else { throw UpstreamFailure.rejected(.tooLarge) }
            bytes.append(contentsOf: chunk.readableBytesView)
        }
        return bytes
    }

    /// Reads and drops a small error or redirect body, so the connection can be reused; a large
    /// one is abandoned (the connection is then closed).
    private func drain(_ body: HTTPClientResponse.Body) async throws {
        var count = 0
        for try await chunk in body {
            count += chunk.readableBytes
            if count > 64 * 1024 { return }
        }
    }

    private func log(_ url: String, status: Int, bytes: Int, started: ContinuousClock.Instant) {
        let elapsed = started.duration(to: .now)
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.debug(
            "upstream GET",
            metadata: [
                "url": "\(url)", "status": "\(status)", "bytes": "\(bytes)",
                "ms": "\(Int(ms.rounded()))",
            ])
    }

    /// Scheme, host, port and path (or the request's label in place of the path): never user
    /// info or the query.
    static func loggable(_ url: URL, label: String? = nil) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        let origin = components.string ?? "-"
        return origin + (label ?? url.path)
    }
}

/// Where an exchange has got to: the last URL it asked (a redirect's), for the log line of its
/// failure, and that hop's origin, whose silence a deadline is (nil: a hop our policy refused).
private final class ExchangeProgress: Sendable {
    private let state = Mutex<(url: URL?, origin: String?)>((nil, nil))
    func record(_ address: URL, origin: String?) { state.withLock { $0 = (address, origin) } }
    var lastURL: URL? { state.withLock { $0.url } }
    var lastOrigin: String? { state.withLock { $0.origin } }
}

/// A `Content-Length` value: digits only, or nothing (a malformed one is read as absent and the
/// running count still caps the body).
enum RequestLength {
    static func parse(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}
