import ByteEncoding
import Crypto
import Foundation
import NIOCore

/// The static files under `Resources/{css,js,icons,images}`, held in memory and served under a versioned
/// URL (`/assets/<version>/css/app.css`) with a strong ETag and a year-long immutable cache lifetime.
/// The version is a digest of every file, so any change gives every asset a new URL.
public struct AssetCatalog: Sendable {
    public struct Asset: Sendable {
        let path: String
        let bytes: [UInt8]
        let contentType: String
        let etag: String
        /// The file gzipped once at start, when its type compresses and that saves bytes (issue 34).
        let gzipped: ByteBuffer?
    }

    let version: String
    let assets: [String: Asset]
    /// The versioned URL of each path, made once.
    private let urls: [String: String]

    init(version: String, assets: [String: Asset]) {
        self.version = version
        self.assets = assets
        urls = Dictionary(uniqueKeysWithValues: assets.keys.map { ($0, "/assets/\(version)/\($0)") })
    }

    static let folders = ["css", "js", "icons", "images"]

    /// Loads the files of every resources folder (the shell's, then each app's). Two files at
    /// one path would make one of them unreachable, so that is refused.
    public static func load(from resources: [URL]) throws -> AssetCatalog {
        var assets: [String: Asset] = [:]
        var combined = SHA256()
        for folder in folders {
            var names: [(name: String, directory: URL)] = []
            for root in resources {
                let directory = root.appendingPathComponent(folder)
                guard FileManager.default.fileExists(atPath: directory.path) else { continue }
                names += try FileManager.default.contentsOfDirectory(atPath: directory.path).map { ($0, directory) }
            }
            for (name, directory) in names.sorted(by: { $0.name < $1.name }) where !name.hasPrefix(".") {
                let path = "\(folder)/\(name)"
                guard assets[path] == nil else { throw DuplicateAsset(path: path) }
                let file = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
                let digest = Hex.encode(SHA256.hash(data: file))
                let bytes = AssetMinifier.minified(file, path: path)
                combined.update(data: Array(path.utf8) + Array(digest.utf8))
                let contentType = mediaType(of: name)
                assets[path] = Asset(
                    path: path, bytes: bytes, contentType: contentType,
                    etag: "\"\(digest.prefix(32))\"", gzipped: try Self.gzipped(bytes, contentType: contentType))
            }
        }
        try addStylesheetsWithTheShells(to: &assets)
        return AssetCatalog(version: String(Hex.encode(combined.finalize()).prefix(12)), assets: assets)
    }

    /// The shell's stylesheet, which every page links.
    public static let shellStylesheet = "css/app.css"

    /// Where the shell's stylesheet followed by an app's (`css/habits.css`) is one file:
    /// `css/app+habits.css` (see `Document.stylesheet`).
    public static func withShellStylesheet(_ appStylesheet: String) -> String {
        "css/app+" + appStylesheet.dropFirst("css/".count)
    }

    /// Adds, for each app's stylesheet, the shell's and the app's as one file: in that order, so
    /// the app's rules win as they did when they came second. Same folder, so relative URLs in
    /// either mean what they meant. Made from files already in the version's digest.
    private static func addStylesheetsWithTheShells(to assets: inout [String: Asset]) throws {
        guard let shell = assets[shellStylesheet] else { return }
        for (path, app) in assets where path.hasPrefix("css/") && path.hasSuffix(".css") && path != shellStylesheet {
            let bytes = shell.bytes + Array("\n".utf8) + app.bytes
            let combinedPath = withShellStylesheet(path)
            assets[combinedPath] = Asset(
                path: combinedPath, bytes: bytes, contentType: app.contentType,
                etag: "\"\(Hex.encode(SHA256.hash(data: bytes)).prefix(32))\"", gzipped: try gzipped(bytes, contentType: app.contentType))
        }
    }

    private static func gzipped(_ bytes: [UInt8], contentType: String) throws -> ByteBuffer? {
        guard Gzip.isCompressible(contentType), bytes.count >= Gzip.minimumBytes else { return nil }
        let compressed = try Gzip.compress(ByteBuffer(bytes: bytes), level: Gzip.assetLevel)
        return compressed.readableBytes < bytes.count ? compressed : nil
    }

    /// `css/app.css` → `/assets/<version>/css/app.css`.
    public func url(_ path: String) -> String {
        guard let url = urls[path] else { preconditionFailure("No asset at \(path)") }
        return url
    }

    /// The bundled file at `path`, if any.
    public func asset(at path: String) -> Asset? { assets[path] }

    public struct DuplicateAsset: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "Two resources folders hold \(path)" }
    }

    public static func mediaType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
