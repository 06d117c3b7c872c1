import Foundation
import Hummingbird
import Localization

/// Routes of the shell itself: health check, manifest, static assets, the language switch.
struct ShellRoutes {
    let environment: WebEnvironment

    func register(on router: Router<AppRequestContext>) {
        router.get("/healthz") { _, _ in "ok" }
        router.get("/manifest.webmanifest") { _, context in manifest(context: context) }
        router.get("/apple-touch-icon.png") { request, _ in try asset("icons/appdeck-192.png", request: request) }
        router.get("/favicon.ico") { request, _ in try asset("icons/appdeck.svg", request: request) }
        for path in environment.assets.assets.keys {
            router.get(RouterPath(environment.assets.url(path))) { request, _ in try asset(path, request: request) }
        }
        router.post("/settings/language") { _, context in
            try await environment.preferences.chooseLanguage(Language(rawValue: context.form.value("language")), for: context.device)
            return Response.seeOther(Self.safeReturnPath(context.form["returnTo"]))
        }
    }

    /// Only a local absolute path may be a redirect target (no `//host`, no scheme).
    static func safeReturnPath(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\") else { return "/" }
        return path
    }

    private func asset(_ path: String, request: Request) throws -> Response {
        guard let asset = environment.assets.assets[path] else { throw HTTPError(.notFound) }
        var headers: HTTPFields = [
            .contentType: asset.contentType,
            .eTag: asset.etag,
            .cacheControl: "public, max-age=31536000, immutable",
        ]
        if request.headers[.ifNoneMatch] == asset.etag {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }

    private func manifest(context: AppRequestContext) -> Response {
        let catalogue = context.catalogue
        let assets = environment.assets
        let manifest: [String: Any] = [
            "name": catalogue.text("shell.app.name"),
            "short_name": catalogue.text("shell.app.shortName"),
            "description": catalogue.text("shell.app.description"),
            "lang": context.language.rawValue,
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "background_color": "#f2f2f7",
            "theme_color": "#f2f2f7",
            "icons": [
                ["src": assets.url("icons/appdeck.svg"), "sizes": "any", "type": "image/svg+xml"],
                ["src": assets.url("icons/appdeck-192.png"), "sizes": "192x192", "type": "image/png"],
                ["src": assets.url("icons/appdeck-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any maskable"],
            ],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Response(
            status: .ok,
            headers: [.contentType: "application/manifest+json", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
