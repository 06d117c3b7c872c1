import ByteEncoding
import Caching

/// A thumbnail as our origin serves it (PH-4, PH-5): the bytes, their media type, a strong ETag
/// and whether it is the locally drawn fallback rather than the host's image.
public struct Thumbnail: Sendable, Hashable {
    public let bytes: [UInt8]
    /// The media type without parameters, lowercased: `image/jpeg`, `image/svg+xml`.
    public let contentType: String
    /// A strong entity tag, quoted as HTTP writes it: `"<16 hex digits>"`, FNV-1a 64 over the
    /// media type and the bytes, so it changes whenever either does.
    public let etag: String
    public let isFallback: Bool

    public init(bytes: [UInt8], contentType: String, isFallback: Bool = false) {
        self.bytes = bytes
        self.contentType = ImageValidation.mediaType(of: contentType)
        self.etag = Self.etag(bytes: bytes, contentType: self.contentType)
        self.isFallback = isFallback
    }

    /// A fetched (or disk-cached) image as a thumbnail.
    public init(_ image: FetchedImage) {
        self.init(bytes: image.bytes, contentType: image.contentType)
    }

    /// The ETag `Thumbnail` computes: FNV-1a 64 over `contentType`, a zero byte, then `bytes`.
    public static func etag(bytes: [UInt8], contentType: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        for byte in contentType.utf8 { mix(byte) }
        mix(0)
        for byte in bytes { mix(byte) }
        return "\"" + Hex.encode(hash) + "\""
    }
}
