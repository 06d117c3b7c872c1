import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization
import TestDoubles

/// A loopback stand-in for jsonplaceholder and its image host, on 127.0.0.1 and a port the system
/// picks. It speaks jsonplaceholder's paths and JSON shapes (`/photos`, `/photos/<id>`, a 404 with
/// `{}` for an unknown id) and serves thumbnails at the placeholder host's paths (`/150/92c952`,
/// an SVG square of that colour). It counts its hits per path and has switches for every fault the
/// clients must map. A few extra paths exercise the shared upstream layer: `/status/<code>`,
/// `/etag`, `/redirect/<n>`.
public final class JSONPlaceholderStandIn: Sendable {
    public enum Oversize: Sendable {
        /// A body over the cap with its `Content-Length` declared.
        case declared
        /// The same body chunked, with no length: the client must count while streaming.
        case chunked
    }

    public struct Faults: Sendable {
        /// Every answer waits this long first.
        public var delay: Duration?
        /// Every jsonplaceholder and image path answers 500.
        public var serverError = false
        /// `/photos` and `/photos/<id>` answer JSON cut in the middle.
        public var malformedJSON = false
        /// Images come as `text/html`.
        public var nonImageContentType = false
        /// Images are 2 MiB.
        public var oversizedImage: Oversize?
        /// The photo list and images send their head at once and then their body slowly.
        public var slowBody: SlowBody?
    }

    public enum SlowBody: Sendable {
        /// One byte, then the rest five seconds later (longer than the suites' deadlines; a
        /// stand-in stops only once its answers are sent).
        case stallAfterHead
        /// One byte, then the rest when the test calls `releaseHeldBodies()` (or the stand-in
        /// stops): a connection held exactly as long as a test needs it, however loaded the machine.
        case heldUntilReleased
        /// One byte per interval.
        case trickle(every: Duration)
    }

    /// What the stand-in saw of the last request to `/etag`.
    public struct SeenHeaders: Sendable {
        public var userAgent: String?
        public var authorization: String?
        public var ifNoneMatch: String?
    }

    private struct State {
        var faults = Faults()
        var hits: [String: Int] = [:]
        var seen = SeenHeaders()
    }

    public static let oversizedBytes = 2 * 1024 * 1024

    private let state = Mutex(State())
    /// Where `.heldUntilReleased` bodies wait for `releaseHeldBodies()`.
    private let heldBodies = Gate()
    private let server: LoopbackServer
    public var port: Int { server.port }
    public let photoCount: Int

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(server: LoopbackServer, photoCount: Int) {
        self.server = server
        self.photoCount = photoCount
    }

    /// Starts a stand-in and returns once it accepts connections.
    public static func start(photoCount: Int = 20) async throws -> JSONPlaceholderStandIn {
        let reference = StandInReference<JSONPlaceholderStandIn>()
        let router = Router()
        router.get("/photos") { request, _ in try await reference.value.photos(request) }
        router.get("/photos/:id") { request, context in try await reference.value.photo(request, id: context.parameters.get("id") ?? "") }
        router.get("/status/:code") { request, context in reference.value.status(request, code: context.parameters.get("code") ?? "") }
        router.get("/etag") { request, _ in reference.value.etag(request) }
        router.get("/redirect/:n") { request, context in reference.value.redirect(request, n: context.parameters.get("n") ?? "") }
        router.get("/:size/:colour") { request, context in
            try await reference.value.image(request, size: context.parameters.get("size") ?? "", colour: context.parameters.get("colour") ?? "")
        }
        return try await reference.start(router: router, serverName: "stand-in") {
            JSONPlaceholderStandIn(server: $0, photoCount: photoCount)
        }
    }

    /// Stops the server (after the requests in flight are answered): its port is closed from
    /// then on, and a client sees "connection refused".
    public func stop() async {
        releaseHeldBodies()
        await server.stop()
    }

    /// Sends the rest of every `.heldUntilReleased` body, and of those asked for from now on.
    public func releaseHeldBodies() {
        heldBodies.open()
    }

    public func setFaults(_ change: (inout Faults) -> Void) {
        state.withLock { change(&$0.faults) }
    }

    public func hits(_ path: String) -> Int {
        state.withLock { $0.hits[path, default: 0] }
    }

    public var seenHeaders: SeenHeaders { state.withLock { $0.seen } }

    // MARK: - jsonplaceholder

    /// The first photos as jsonplaceholder has them; then made-up ones of the same shape.
    static let knownPhotos: [(title: String, colour: String)] = [
        ("accusamus beatae ad facilis cum similique qui sunt", "92c952"),
        ("reprehenderit est deserunt velit ipsam", "771796"),
        ("officia porro iure quia iusto qui ipsa ut modi", "24f355"),
        ("culpa odio esse rerum omnis laboriosam voluptate repudiandae", "d32776"),
        ("natus nisi omnis corporis facere molestiae rerum in", "f66b97"),
    ]

    func photoJSON(id: Int, indent: String) -> String {
        let known = Self.knownPhotos[(id - 1) % Self.knownPhotos.count]
        let title = id <= Self.knownPhotos.count ? known.title : "photo number \(id)"
        let albumId = (id - 1) / 50 + 1
        return """
            \(indent){
            \(indent)  "albumId": \(albumId),
            \(indent)  "id": \(id),
            \(indent)  "title": "\(title)",
            \(indent)  "url": "\(baseURL.absoluteString)/600/\(known.colour)",
            \(indent)  "thumbnailUrl": "\(baseURL.absoluteString)/150/\(known.colour)"
            \(indent)}
            """
    }

    private func begin(_ request: Request) async throws -> Faults {
        let faults = state.withLock { state in
            state.hits[request.uri.path, default: 0] += 1
            return state.faults
        }
        if let delay = faults.delay { try await Task.sleep(for: delay) }
        return faults
    }

    private func json(_ text: String, status: HTTPResponse.Status = .ok, slow: SlowBody? = nil) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: body(ByteBuffer(string: text), slow: slow))
    }

    /// `bytes`, at once or as `slow` says (the head goes out first either way).
    private func body(_ bytes: ByteBuffer, slow: SlowBody?) -> ResponseBody {
        guard let slow else { return .init(byteBuffer: bytes) }
        return ResponseBody { writer in
            var rest = bytes
            switch slow {
            case .stallAfterHead:
                if let first = rest.readSlice(length: 1) { try await writer.write(first) }
                try await Task.sleep(for: .seconds(5))
                try await writer.write(rest)
            case .heldUntilReleased:
                if let first = rest.readSlice(length: 1) { try await writer.write(first) }
                await self.heldBodies.wait()
                try await writer.write(rest)
            case .trickle(let interval):
                while let byte = rest.readSlice(length: 1) {
                    try await writer.write(byte)
                    try await Task.sleep(for: interval)
                }
            }
            try await writer.finish(nil)
        }
    }

    fileprivate func photos(_ request: Request) async throws -> Response {
        let faults = try await begin(request)
        if faults.serverError { return json("{}", status: .internalServerError) }
        let body = "[\n" + (1...photoCount).map { photoJSON(id: $0, indent: "  ") }.joined(separator: ",\n") + "\n]"
        return json(faults.malformedJSON ? String(body.prefix(body.count / 2)) : body, slow: faults.slowBody)
    }

    fileprivate func photo(_ request: Request, id: String) async throws -> Response {
        let faults = try await begin(request)
        if faults.serverError { return json("{}", status: .internalServerError) }
        guard let id = Int(id), (1...photoCount).contains(id) else { return json("{}", status: .notFound) }
        let body = photoJSON(id: id, indent: "")
        return json(faults.malformedJSON ? String(body.prefix(body.count / 2)) : body)
    }

    // MARK: - The image host

    fileprivate func image(_ request: Request, size: String, colour: String) async throws -> Response {
        let faults = try await begin(request)
        if faults.serverError { return Response(status: .internalServerError) }
        guard let side = Int(size), side > 0, side <= 2000 else { return Response(status: .notFound) }
        if faults.nonImageContentType {
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body>not an image</body></html>")))
        }
        switch faults.oversizedImage {
        case .declared:
            return Response(
                status: .ok, headers: [.contentType: "image/png"],
                body: .init(byteBuffer: ByteBuffer(repeating: 0x42, count: Self.oversizedBytes)))
        case .chunked:
            return Response(
                status: .ok, headers: [.contentType: "image/png"],
                body: ResponseBody { writer in
                    for _ in 0..<(Self.oversizedBytes / 65536) {
                        try await writer.write(ByteBuffer(repeating: 0x42, count: 65536))
                    }
                    try await writer.finish(nil)
                })
        case nil:
            let svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)">\
                <rect width="100%" height="100%" fill="#\(colour)"/>\
                <text x="50%" y="50%" text-anchor="middle">\(side) x \(side)</text></svg>
                """
            return Response(
                status: .ok, headers: [.contentType: "image/svg+xml"], body: body(ByteBuffer(string: svg), slow: faults.slowBody))
        }
    }

    // MARK: - The shared layer's extras

    /// `/status/<code>?remaining=0&reset=<epoch>&retryAfter=<value>`: that status with those
    /// rate-limit headers (GitHub's names).
    fileprivate func status(_ request: Request, code: String) -> Response {
        state.withLock { $0.hits[request.uri.path, default: 0] += 1 }
        let query = request.uri.queryParameters
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        if let remaining = query["remaining"] { headers[HTTPField.Name("x-ratelimit-remaining")!] = String(remaining) }
        if let reset = query["reset"] { headers[HTTPField.Name("x-ratelimit-reset")!] = String(reset) }
        if let retryAfter = query["retryAfter"] { headers[.retryAfter] = String(retryAfter) }
        let status = HTTPResponse.Status(code: Int(code) ?? 500)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: #"{"message":"stand-in"}"#)))
    }

    /// `/etag`: a JSON object with ETag `"v1"`; 304 when asked with `If-None-Match: "v1"`.
    fileprivate func etag(_ request: Request) -> Response {
        let seen = SeenHeaders(
            userAgent: request.headers[.userAgent], authorization: request.headers[.authorization],
            ifNoneMatch: request.headers[.ifNoneMatch])
        state.withLock { state in
            state.hits[request.uri.path, default: 0] += 1
            state.seen = seen
        }
        if seen.ifNoneMatch == "\"v1\"" {
            return Response(status: .notModified, headers: [.eTag: "\"v1\""])
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .eTag: "\"v1\""],
            body: .init(byteBuffer: ByteBuffer(string: #"{"name":"appdeck","stars":42}"#)))
    }

    /// `/redirect/<n>`: 302 to `/redirect/<n-1>`, and `/redirect/0` to `/150/92c952`;
    /// `/redirect/elsewhere`: 302 to this stand-in under the name `localhost`;
    /// `/redirect/otherport`: 302 to the next port of 127.0.0.1.
    fileprivate func redirect(_ request: Request, n: String) -> Response {
        state.withLock { $0.hits[request.uri.path, default: 0] += 1 }
        if n == "elsewhere" {
            return Response(status: .found, headers: [.location: "http://localhost:\(port)/150/92c952"])
        }
        if n == "otherport" {
            return Response(status: .found, headers: [.location: "http://127.0.0.1:\(port + 1)/150/92c952"])
        }
        let n = Int(n) ?? 0
        let location = n > 0 ? "/redirect/\(n - 1)" : "/150/92c952"
        return Response(status: .found, headers: [.location: location])
    }
}
