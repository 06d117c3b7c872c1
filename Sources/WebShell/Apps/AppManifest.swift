import Foundation
import Hummingbird

/// A web app manifest, described once and written in each request's language. The shell's own
/// (`/manifest.webmanifest`) and every app that installs on its own use this one builder.
public struct AppManifest: Sendable {
    public struct Icon: Sendable {
        /// Asset path (`icons/appdeck-192.png`).
        public let asset: String
        public let sizes: String
        public let purpose: String?

        public init(asset: String, sizes: String, purpose: String? = nil) {
            self.asset = asset
            self.sizes = sizes
            self.purpose = purpose
        }
    }

    public let id: String?
    public let nameKey: String
    public let shortNameKey: String
    public let descriptionKey: String?
    /// Where the installed app opens; also its scope.
    public let startPath: String
    public let backgroundColor: String
    public let themeColor: String
    public let icons: [Icon]
    /// What a long press on the installed app's icon offers (issue 48: MyHabits' "Today" and
    /// "New habit"), each a catalogue key and a path inside the app's scope.
    public var shortcuts: [Shortcut] = []

    public struct Shortcut: Sendable {
        public let nameKey: String
        public let path: String

        public init(nameKey: String, path: String) {
            self.nameKey = nameKey
            self.path = path
        }
    }

    public init(id: String?, nameKey: String, shortNameKey: String, descriptionKey: String?, startPath: String,
                backgroundColor: String, themeColor: String, icons: [Icon]) {
        self.id = id
        self.nameKey = nameKey
        self.shortNameKey = shortNameKey
        self.descriptionKey = descriptionKey
        self.startPath = startPath
        self.backgroundColor = backgroundColor
        self.themeColor = themeColor
        self.icons = icons
    }

    /// Where the manifest is served: `/manifest.webmanifest` under the start path.
    public var path: String { startPath == "/" ? "/manifest.webmanifest" : "\(startPath)/manifest.webmanifest" }

    /// The manifest in `page`'s language.
    public func response(_ page: PageContext) -> ManifestResponse {
        ManifestResponse(manifest: Written(
            id: id, name: page.t(nameKey), short_name: page.t(shortNameKey), description: descriptionKey.map(page.t),
            lang: page.language.rawValue, start_url: startPath, scope: startPath, display: "standalone", orientation: "any",
            background_color: backgroundColor, theme_color: themeColor,
            icons: icons.map { icon in
                Written.Icon(src: page.asset(icon.asset), sizes: icon.sizes, type: AssetCatalog.mediaType(of: icon.asset), purpose: icon.purpose)
            },
            shortcuts: shortcuts.isEmpty ? nil : shortcuts.map { Written.Shortcut(name: page.t($0.nameKey), url: $0.path) }))
    }

    /// The JSON members, named as the Web App Manifest spec names them.
    struct Written: Encodable {
        struct Icon: Encodable {
            let src: String
            let sizes: String
            let type: String
            let purpose: String?
        }

        let id: String?
        let name: String
        let short_name: String
        let description: String?
        let lang: String
        let start_url: String
        let scope: String
        let display: String
        let orientation: String
        let background_color: String
        let theme_color: String
        let icons: [Icon]
        let shortcuts: [Shortcut]?

        struct Shortcut: Encodable {
            let name: String
            let url: String
        }
    }
}

/// `application/manifest+json`. It differs by language, so caches key it by Accept-Language and cookie.
public struct ManifestResponse: ResponseGenerator {
    let manifest: AppManifest.Written

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: .ok,
            headers: [.contentType: "application/manifest+json", .cacheControl: "private, max-age=3600", .vary: "Cookie, Accept-Language"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(manifest))))
    }
}
