import Devices
import Foundation
import Hummingbird
import Localization

/// Routes of the shell itself: health check, AppDeck's manifest, static assets, the language switch,
/// and what the device reports of itself (its time zone).
struct ShellRoutes {
    let shell: Shell

    /// Where every page's script reports the device's time zone (`js/app.js` posts here).
    static let timeZonePath = "/device/time-zone"

    static let manifest = AppManifest(
        id: nil, nameKey: "shell.app.name", shortNameKey: "shell.app.shortName", descriptionKey: "shell.app.description",
        startPath: "/", backgroundColor: "#f2f2f7", themeColor: "#f2f2f7",
        icons: [
            .init(asset: "icons/appdeck.svg", sizes: "any"),
            .init(asset: "icons/appdeck-192.png", sizes: "192x192"),
            .init(asset: "icons/appdeck-512.png", sizes: "512x512", purpose: "any maskable"),
        ])

    /// The process check: 200 while the process serves; asks nothing.
    static let healthPath = "/healthz"

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(RouterPath(Self.healthPath), use: health)
        router.get("/apple-touch-icon.png") { request, _ in try asset("icons/appdeck-192.png", request: request) }
        router.get("/favicon.ico") { request, _ in try asset("icons/appdeck.svg", request: request) }
        for path in shell.assets.assets.keys {
            router.get(RouterPath(shell.assets.url(path))) { request, _ in try asset(path, request: request) }
        }
        router.post(RouterPath(LanguageSwitcher.path), use: chooseLanguage)
        router.post(RouterPath(Self.timeZonePath), use: reportTimeZone)
    }

    /// Registers `manifest` at its path.
    func addManifest(_ manifest: AppManifest, to router: Router<AppRequestContext>) {
        router.get(RouterPath(manifest.path)) { _, context in manifest.response(shell.page(context)) }
    }

    @Sendable func health(_ request: Request, context: AppRequestContext) -> String { "ok" }

    struct LanguageForm: Decodable {
        let language: String?
        let returnTo: String?
    }

    @Sendable func chooseLanguage(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        let form = try context.decodeForm(LanguageForm.self)
        try await shell.preferences.chooseLanguage(form.language.flatMap(Language.init(rawValue:)), for: context.device)
        return SeeOther(Self.safeReturnPath(form.returnTo))
    }

    struct TimeZoneForm: Decodable {
        let timeZone: String?
    }

    /// The device's IANA time zone, as its browser names it; 422 for anything this system does
    /// not know as a zone.
    @Sendable func reportTimeZone(_ request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        guard let identifier = DeviceTimeZone.validated(try context.decodeForm(TimeZoneForm.self).timeZone) else {
            throw HTTPError(.unprocessableContent)
        }
        try await shell.preferences.setTimeZone(identifier, for: context.device)
        return .noContent
    }

    /// Only a local absolute path may be a redirect target: no `//host`, no scheme, and no
    /// character a browser would drop or reinterpret on the way (tabs, line breaks, backslashes).
    static func safeReturnPath(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"),
              !path.unicodeScalars.contains(where: { $0 == "\\" || $0.properties.generalCategory == .control || $0 == " " })
        else { return "/" }
        return path
    }

    private func asset(_ path: String, request: Request) throws -> Response {
        guard let asset = shell.assets.asset(at: path) else { throw HTTPError(.notFound) }
        var headers: HTTPFields = [
            .contentType: asset.contentType,
            .eTag: asset.etag,
            .cacheControl: "public, max-age=31536000, immutable",
        ]
        // The gzipped form is another representation: its own ETag, and `Vary` on both.
        let gzipped = asset.gzipped.flatMap { Gzip.isAccepted(by: request.headers[.acceptEncoding]) ? $0 : nil }
        if asset.gzipped != nil { headers[.vary] = "Accept-Encoding" }
        if gzipped != nil {
            headers[.eTag] = String(asset.etag.dropLast()) + "-gzip\""
            headers[.contentEncoding] = "gzip"
        }
        if request.headers[.ifNoneMatch] == headers[.eTag] {
            headers[.contentType] = nil
            headers[.contentEncoding] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped ?? ByteBuffer(bytes: asset.bytes)))
    }
}
