import Crypto
import Foundation
import Mustache

/// The static files under `Resources/{css,js,icons,images}`, held in memory and served under a versioned
/// URL (`/assets/<version>/css/app.css`) with a strong ETag and a year-long immutable cache lifetime.
/// The version is a digest of every file, so any change gives every asset a new URL.
struct AssetCatalog: Sendable {
    struct Asset: Sendable {
        let path: String
        let bytes: [UInt8]
        let contentType: String
        let etag: String
    }

    let version: String
    let assets: [String: Asset]
    /// Versioned URL by path without extension (`css/app`), for templates.
    let urlsByName: [String: String]

    init(version: String, assets: [String: Asset]) {
        self.version = version
        self.assets = assets
        var urls: [String: String] = [:]
        for path in assets.keys {
            let name = path.split(separator: ".").dropLast().joined(separator: ".")
            urls[name] = "/assets/\(version)/\(path)"
        }
        urlsByName = urls
    }

    static let folders = ["css", "js", "icons", "images"]

    static func load(from resources: URL) throws -> AssetCatalog {
        var assets: [String: Asset] = [:]
        var combined = SHA256()
        for folder in folders {
            let directory = resources.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            for name in names where !name.hasPrefix(".") {
                let path = "\(folder)/\(name)"
                let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
                let digest = Self.hex(SHA256.hash(data: bytes))
                combined.update(data: Array(path.utf8) + Array(digest.utf8))
                assets[path] = Asset(
                    path: path, bytes: bytes, contentType: contentType(of: name),
                    etag: "\"\(digest.prefix(32))\"")
            }
        }
        return AssetCatalog(version: String(hex(combined.finalize()).prefix(12)), assets: assets)
    }

    /// `css/app.css` → `/assets/<version>/css/app.css`.
    func url(_ path: String) -> String {
        precondition(assets[path] != nil, "No asset at \(path)")
        return "/assets/\(version)/\(path)"
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}

/// Templates name assets by path without extension: `{{asset.css.app}}`, `{{asset.icons.cars}}`.
struct AssetNode: MustacheParent, Sendable {
    let catalog: AssetCatalog
    let prefix: String

    func child(named name: String) -> Any? {
        let path = prefix.isEmpty ? name : "\(prefix)/\(name)"
        if let url = catalog.urlsByName[path] { return url }
        return AssetNode(catalog: catalog, prefix: path)
    }
}
