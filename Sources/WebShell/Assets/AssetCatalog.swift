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
                let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
                let digest = Self.hex(SHA256.hash(data: bytes))
                combined.update(data: Array(path.utf8) + Array(digest.utf8))
                let contentType = mediaType(of: name)
                assets[path] = Asset(
                    path: path, bytes: bytes, contentType: contentType,
                    etag: "\"\(digest.prefix(32))\"", gzipped: try Self.gzipped(bytes, contentType: contentType))
            }
        }
        return AssetCatalog(version: String(hex(combined.finalize()).prefix(12)), assets: assets)
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

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
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
