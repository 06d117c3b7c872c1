import Foundation
import HTTPTypes
import Hummingbird

/// `/sw.js`: the one service worker of the origin (issue 24), made once at start from
/// `Resources/worker/sw.js` and what only the server knows: the assets' version and URLs (each
/// named by its digest, so a new server version is a new worker with new caches) and each app's
/// start path (whose offline screen it precaches).
struct ServiceWorkerScript: Sendable {
    static let path = "/sw.js"
    let source: String
    let etag: String

    init(assets: AssetCatalog, appPaths: [String]) throws {
        let template = try String(contentsOf: Shell.resources.appendingPathComponent("worker/sw.js"), encoding: .utf8)
        let precache = assets.assets.keys.sorted().map { assets.url($0) }
        let header = """
            const VERSION = \(Self.json(assets.version));
            const PRECACHE = \(Self.json(precache));
            const APPS = \(Self.json(appPaths));

            """
        source = header + template.replacingOccurrences(of: "./outbox-path-placeholder", with: assets.url("js/outbox.js"))
        etag = "\"\(assets.version)\""
    }

    /// Always asked again (the browser also checks for a new worker on every navigation), never
    /// kept by a proxy; a 304 when nothing changed.
    func response(to request: Request) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache", .eTag: etag,
            HTTPField.Name("Service-Worker-Allowed")!: "/",
        ]
        if request.headers[.ifNoneMatch] == etag {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: source)))
    }

    private static func json(_ value: some Encodable) -> String {
        (try? String(decoding: JSONEncoder().encode(value), as: UTF8.self)) ?? "null"
    }
}
