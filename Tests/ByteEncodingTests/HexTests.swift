import ByteEncoding
import Foundation
import Testing

@Suite("Hex: two lowercase digits a byte")
struct HexTests {
    @Test("each byte is two lowercase digits, leading zero kept")
    func bytes() {
        #expect(Hex.encode([]) == "")
        #expect(Hex.encode([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(Hex.encode(0...255) == (0...255).map { String(format: "%02x", $0) }.joined())
    }

    @Test("a prefix goes before the digits")
    func prefix() {
        #expect(Hex.encode([0x92, 0xc9, 0x52], prefix: "#") == "#92c952")
        #expect(Hex.encode([0xde, 0xad], prefix: "\\x") == "\\xdead")
    }

    @Test("a 64-bit word is its 16 digits, most significant first")
    func word() {
        #expect(Hex.encode(UInt64(0)) == "0000000000000000")
        #expect(Hex.encode(UInt64(0x0123_4567_89ab_cdef)) == "0123456789abcdef")
        #expect(Hex.encode(UInt64.max) == "ffffffffffffffff")
    }
}
