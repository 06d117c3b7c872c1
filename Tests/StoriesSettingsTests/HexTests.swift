import StoriesSettings
import Testing

@Suite("Hex colours (SG-6)")
struct HexTests {
    @Test("#rrggbb and #rgb, with or without #, either case", arguments: [
        ("#f3af22", 0xf3af22), ("f3af22", 0xf3af22), ("#F3AF22", 0xf3af22), ("#F3aF22", 0xf3af22),
        ("#000000", 0x000000), ("#ffffff", 0xffffff), ("#abc", 0xaabbcc), ("ABC", 0xaabbcc),
        ("#0f0", 0x00ff00), ("#09F", 0x0099ff), ("123456", 0x123456),
    ] as [(String, UInt32)])
    func parses(text: String, rgb: UInt32) {
        #expect(parseHex(text) == (.OK, rgb))
    }

    @Test("malformed colours are refused with their class, and the output is untouched", arguments: [
        ("", SGStatus.empty), ("#", .empty),
        ("#f", .badLength), ("#ff", .badLength), ("#ffff", .badLength), ("#fffff", .badLength),
        ("#fffffff", .badLength), ("#ffffffff", .badLength), ("##fff", .badLength), (String(repeating: "f", count: 10_000), .badLength),
        ("#ggg", .badDigit), ("#f3af2g", .badDigit), ("# ff", .badDigit), ("# fff", .badLength), ("#fff ", .badLength), (" #fff", .badLength),
        ("##ff", .badDigit), ("#-12", .badDigit), ("#12\u{0}", .badDigit), ("#ffé", .badLength), ("0x1234", .badDigit), ("0x123", .badLength),
        ("#12345\u{0}", .badDigit), ("#ff,", .badDigit),
    ] as [(String, SGStatus)])
    func refuses(text: String, status: SGStatus) {
        #expect(parseHex(text) == (status, nil))
    }

    @Test("NULL pointers are refused; NULL with length 0 is empty")
    func nulls() {
        var rgb: UInt32 = 0
        #expect(sg_hex_parse(nil, 0, &rgb) == .empty)
        #expect(sg_hex_parse(nil, 3, &rgb) == .nullArgument)
        #expect(withBytes("fff") { sg_hex_parse($0, $1, nil) } == .nullArgument)
        #expect(sg_hex_format(0, nil, 8) == .nullArgument)
    }

    @Test("formats #rrggbb in lower case; every 24-bit value round-trips")
    func formats() {
        #expect(formatHex(0xf3af22) == "#f3af22")
        #expect(formatHex(0) == "#000000")
        #expect(formatHex(0xABCDEF) == "#abcdef")
        #expect(formatHex(0xffffff) == "#ffffff")
        for rgb in stride(from: UInt32(0), through: 0xffffff, by: 0x10101 * 7 + 3) {
            let text = formatHex(rgb)
            #expect(text.map(parseHex)?.1 == rgb)
            #expect(text?.utf8.count == 7)
        }
        for text in ["#abc", "#ABCDEF", "0a0b0c"] {
            let rgb = parseHex(text).1!
            #expect(parseHex(formatHex(rgb)!).1 == rgb)
        }
    }

    @Test("format refuses values above 0xffffff and buffers under 8 bytes, writing nothing")
    func formatRefusals() {
        #expect(formatHex(0x1000000) == nil)
        #expect(formatHex(.max) == nil)
        var small = [CChar](repeating: 0x7F, count: 7)
        #expect(sg_hex_format(0xf3af22, &small, small.count) == .bufferTooSmall)
        #expect(small.allSatisfy { $0 == 0x7F })
    }
}
