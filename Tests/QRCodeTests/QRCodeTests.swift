import Testing
import QRCode

/// The link screen's QR code (issue 50): libqrencode's symbol, checked against what the standard
/// fixes in every symbol (ISO/IEC 18004): its size, the three finder patterns, the timing patterns.
@Suite("QR code of a link")
struct QRCodeTests {
    let link = "https://appdeck.example/link?code=K7Q2-9XMP"

    /// A finder pattern: a dark 7×7 ring, a light ring, a dark 3×3 centre.
    func hasFinder(_ code: QRCode, row: Int, column: Int) -> Bool {
        (0..<7).allSatisfy { r in
            (0..<7).allSatisfy { c in
                let ring = max(abs(r - 3), abs(c - 3))
                return code.isDark(row: row + r, column: column + c) == (ring != 2)
            }
        }
    }

    @Test("a link is a symbol of a standard size with its three finder patterns and alternating timing patterns")
    func structure() throws {
        let code = try #require(QRCode(link))
        #expect(code.size >= 21 && (code.size - 21) % 4 == 0)
        #expect(code.modules.count == code.size * code.size)
        #expect(hasFinder(code, row: 0, column: 0))
        #expect(hasFinder(code, row: 0, column: code.size - 7))
        #expect(hasFinder(code, row: code.size - 7, column: 0))
        #expect(!hasFinder(code, row: code.size - 7, column: code.size - 7), "the fourth corner has none")
        for index in 8..<(code.size - 8) {
            #expect(code.isDark(row: 6, column: index) == index.isMultiple(of: 2))
            #expect(code.isDark(row: index, column: 6) == index.isMultiple(of: 2))
        }
    }

    @Test("the same text makes the same symbol; another text another; a longer text a larger one")
    func deterministic() throws {
        #expect(QRCode(link) == QRCode(link))
        #expect(QRCode(link) != QRCode(link + "X"))
        let long = try #require(QRCode(String(repeating: "a", count: 300)))
        #expect(long.size > (try #require(QRCode(link))).size)
    }

    @Test("nothing to encode, or more than a symbol holds, makes no code")
    func refused() {
        #expect(QRCode("") == nil)
        #expect(QRCode(String(repeating: "z", count: 8_000)) == nil)
    }

    @Test("the SVG path draws every dark module once, inside the quiet zone")
    func path() throws {
        let code = try #require(QRCode(link))
        var drawn = 0
        let scanner = code.svgPath.split(separator: "z")
        for rectangle in scanner {
            // "M{x} {y}h{w}v1h-{w}"
            let numbers = rectangle.dropFirst().split(whereSeparator: { "hv ".contains($0) }).compactMap { Int($0) }
            let (x, y, width) = (numbers[0], numbers[1], numbers[2])
            #expect(x >= QRCode.quietZone && y >= QRCode.quietZone && x + width <= code.size + QRCode.quietZone)
            for column in x..<(x + width) { #expect(code.isDark(row: y - QRCode.quietZone, column: column - QRCode.quietZone)) }
            drawn += width
        }
        #expect(drawn == code.modules.count { $0 })
        #expect(code.side == code.size + 8)
    }
}
