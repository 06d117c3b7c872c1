/// The pixel size an image's header declares, read without decoding it: PNG (IHDR), GIF (logical
/// screen), JPEG (the first start-of-frame marker), WebP (VP8, VP8L, VP8X) and AVIF (the largest
/// `ispe` property). A few hundred bytes of a file can declare 16000×16000 pixels, which a browser
/// then spends 768 MB decoding; the thumbnail pipeline (PH-4) and the README image proxy (GH-3)
/// refuse such an image before it is served or cached.
public enum ImageHeader {
    public struct Size: Hashable, Sendable {
        public let width: Int
        public let height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The size `bytes` declare, or nil when they are none of the formats read here or their
    /// header is cut short.
    public static func size(of bytes: [UInt8]) -> Size? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return gif(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return webp(bytes) }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) { return avif(bytes) }
        return nil
    }

    /// An ISO media file whose `ftyp` box names the `avif` or `avis` brand: the largest width and
    /// height of the `ispe` (image spatial extents) properties in its first 64 KB, where the
    /// `meta` box sits; nil when there is none.
    private static func avif(_ bytes: [UInt8]) -> Size? {
        let boxSize = bigEndian(bytes, 0, 4)
        let ftypEnd = min(bytes.count, max(boxSize, 16), 256)
        let brands = stride(from: 8, to: ftypEnd - 3, by: 4).map { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) }
        guard brands.contains("avif") || brands.contains("avis") else { return nil }
        let ispe = Array("ispe".utf8)
        let end = min(bytes.count, 64 * 1024) - 16
        var width = 0
        var height = 0
        var index = 4
        while index <= end {
            if bytes[index] == ispe[0], Array(bytes[index..<index + 4]) == ispe {
                width = max(width, bigEndian(bytes, index + 8, 4))
                height = max(height, bigEndian(bytes, index + 12, 4))
                index += 16
            } else {
                index += 1
            }
        }
        return width > 0 && height > 0 ? Size(width: width, height: height) : nil
    }

    private static func png(_ bytes: [UInt8]) -> Size? {
        // Signature, then the IHDR chunk: length (4), "IHDR", width (4), height (4), big-endian.
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return Size(width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4))
    }

    private static func gif(_ bytes: [UInt8]) -> Size? {
        guard bytes.count >= 10 else { return nil }
        return Size(width: littleEndian(bytes, 6, 2), height: littleEndian(bytes, 8, 2))
    }

    /// Walks the markers to the first SOF (C0–CF but C4, C8, CC), which holds height then width.
    private static func jpeg(_ bytes: [UInt8]) -> Size? {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = bigEndian(bytes, offset + 2, 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { return nil }
                return Size(width: bigEndian(bytes, offset + 7, 2), height: bigEndian(bytes, offset + 5, 2))
            }
            offset += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> Size? {
        guard bytes.count >= 25 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            // Frame tag (3), start code 9D 01 2A, then 14-bit width and height.
            guard bytes.count >= 30, Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A] else { return nil }
            return Size(width: littleEndian(bytes, 26, 2) & 0x3FFF, height: littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, 21, 4)
            return Size(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard bytes.count >= 30 else { return nil }
            return Size(width: littleEndian(bytes, 24, 3) + 1, height: littleEndian(bytes, 27, 3) + 1)
        default:
            return nil
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
