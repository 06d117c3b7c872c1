import Caching
import TestDoubles
import Testing

@Suite("ImageHeader: the size an image declares, read without decoding it")
struct ImageHeaderTests {
    @Test("PNG's IHDR")
    func png() {
        #expect(ImageHeader.size(of: SampleImages.png(width: 600, height: 400)) == .init(width: 600, height: 400))
        #expect(ImageHeader.size(of: SampleImages.png(width: 16_000, height: 16_000)) == .init(width: 16_000, height: 16_000))
        #expect(ImageHeader.size(of: Array(SampleImages.png(width: 1, height: 1).prefix(23))) == nil)
    }

    @Test("GIF's logical screen")
    func gif() {
        let bytes = Array("GIF89a".utf8) + [0x58, 0x02, 0x90, 0x01] + [0, 0, 0]
        #expect(ImageHeader.size(of: bytes) == .init(width: 600, height: 400))
    }

    @Test("JPEG's first start-of-frame, after other segments")
    func jpeg() {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x06, 0x4A, 0x46, 0x49, 0x46]
        let sof0: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x90, 0x02, 0x58, 0x03]
        #expect(ImageHeader.size(of: [0xFF, 0xD8] + app0 + sof0) == .init(width: 600, height: 400))
        #expect(ImageHeader.size(of: [0xFF, 0xD8] + app0) == nil)
    }

    @Test("WebP: lossy, lossless and extended")
    func webp() {
        func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + payload
        }
        let lossy = riff("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x58, 0x02, 0x90, 0x01])
        #expect(ImageHeader.size(of: lossy) == .init(width: 600, height: 400))
        // 14 bits each of width - 1 (599) and height - 1 (399), little-endian.
        let bits = UInt32(599) | UInt32(399) << 14
        let lossless = riff("VP8L", [0x2F] + (0..<4).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) } + [0])
        #expect(ImageHeader.size(of: lossless) == .init(width: 600, height: 400))
        let extended = riff("VP8X", [0, 0, 0, 0, 0x57, 0x02, 0x00, 0x8F, 0x01, 0x00])
        #expect(ImageHeader.size(of: extended) == .init(width: 600, height: 400))
    }

    @Test("anything else is no size", arguments: [[UInt8](), Array("<svg/>".utf8), [0xFF, 0xD8], Array("RIFF0000WAVE".utf8)])
    func unknown(bytes: [UInt8]) {
        #expect(ImageHeader.size(of: bytes) == nil)
    }

    @Test("the header reader knows AVIF's ispe box")
    func avif() {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = 8 + body.count
            return [24, 16, 8, 0].map { UInt8((size >> $0) & 0xFF) } + Array(type.utf8) + body
        }
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        let ftyp = box("ftyp", Array("avif".utf8) + be32(0) + Array("mif1avif".utf8))
        let ispe = box("ispe", be32(0) + be32(1920) + be32(1080))
        let file = ftyp + box("meta", be32(0) + box("iprp", box("ipco", ispe))) + [UInt8](repeating: 0, count: 32)
        #expect(ImageHeader.size(of: file) == .init(width: 1920, height: 1080))
        let notAVIF = box("ftyp", Array("isom".utf8) + be32(0)) + ispe + [UInt8](repeating: 0, count: 32)
        #expect(ImageHeader.size(of: notAVIF) == nil)
    }
}
