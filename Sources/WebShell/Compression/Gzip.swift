import CompressNIO
import NIOCore

/// What AppDeck compresses, how, and for whom (issue 34): gzip, which every browser accepts, at
/// one level chosen from `benchmarks/load.sh` (see benchmarks/README.md, "Compression").
public enum Gzip {
    /// The answers' level, libdeflate's since issue 47 (zlib's before): 1 is fastest. On the
    /// 50-car `/cars`, zlib's level 1 sent 0.087x of the page for a third of level 6's time, far
    /// under issue 34's goal of 0.2x; libdeflate's level 1 is a little smaller again in a third of
    /// zlib's level-1 time. Each level's bytes and time: `benchmarks/gzip_levels.py` (zlib's).
    public static let level: Int32 = 1
    /// Answers smaller than this go as they are: a gzip header and trailer alone are 18 bytes, and
    /// below a packet or two compression saves no round trip.
    public static let minimumBytes = 1024

    /// Media types worth compressing: text of every kind, JSON, JavaScript and SVG. Images other
    /// than SVG (PNG, WebP, JPEG) and fonts are compressed already. Every answer asks this, so
    /// the content types AppDeck's routes write are decided once (issue 47); another is parsed.
    public static func isCompressible(_ contentType: String) -> Bool {
        decidedTypes[contentType] ?? parsedIsCompressible(contentType)
    }

    private static let decidedTypes: [String: Bool] = Dictionary(uniqueKeysWithValues: [
        "text/html; charset=utf-8", "text/html", "application/json; charset=utf-8", "application/json",
        "text/css; charset=utf-8", "text/javascript; charset=utf-8", "application/javascript", "text/plain; charset=utf-8",
        "text/csv; charset=utf-8", "image/svg+xml", "application/manifest+json", "application/octet-stream",
        "image/png", "image/jpeg", "image/webp", "image/gif", "image/avif",
    ].map { ($0, parsedIsCompressible($0)) })

    static func parsedIsCompressible(_ contentType: String) -> Bool {
        let type = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        return type.hasPrefix("text/") || type == "application/json" || type == "application/javascript"
            || type == "application/manifest+json" || type == "image/svg+xml" || type.hasSuffix("+json")
    }

    /// Whether an `Accept-Encoding` header accepts gzip: `gzip` (or `x-gzip`, or `*`) with a
    /// quality above zero, and not refused by name. What browsers send is decided once.
    public static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        return decidedEncodings[acceptEncoding] ?? parsedIsAccepted(by: acceptEncoding)
    }

    private static let decidedEncodings: [String: Bool] = Dictionary(uniqueKeysWithValues: [
        "gzip, deflate, br, zstd", "gzip, deflate, br", "gzip, deflate", "gzip", "br, gzip, deflate", "gzip, br", "identity",
    ].map { ($0, parsedIsAccepted(by: $0)) })

    static func parsedIsAccepted(by acceptEncoding: String) -> Bool {
        var named: Bool?
        var wildcard: Bool?
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.map { Double($0.dropFirst(2)) ?? 0 } ?? 1
            switch coding {
            case "gzip", "x-gzip": named = quality > 0
            case "*": wildcard = quality > 0
            default: continue
            }
        }
        return named ?? wildcard ?? false
    }

    /// Static assets are compressed once, at start, so they take zlib's smallest.
    public static let assetLevel: Int32 = 9

    /// The answers' compressors, kept between answers.
    static let answers = GzipCompressors(level: level)

    /// `bytes` gzipped at the answers' level, by a kept libdeflate compressor.
    public static func compress(_ bytes: ByteBuffer) throws -> ByteBuffer {
        try answers.compress(bytes)
    }

    /// `bytes` gzipped at zlib's `level`, by a compressor of its own (the static assets, once each).
    public static func compress(_ bytes: ByteBuffer, level: Int32) throws -> ByteBuffer {
        var input = bytes
        return try input.compress(with: .gzip, configuration: ZlibConfiguration(compressionLevel: level))
    }
}
