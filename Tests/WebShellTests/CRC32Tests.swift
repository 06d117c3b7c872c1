import Testing
@testable import WebShell

/// gzip's checksum and its joining rule (issue 47): a joined checksum is the checksum of the
/// joined text, whatever the lengths.
@Suite("CRC32")
struct CRC32Tests {
    @Test("the standard check value and the empty text")
    func knownValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    @Test("checksum(A) joined with checksum(B) is checksum(A + B)", arguments: [0, 1, 7, 8, 63, 255, 4096, 70_000])
    func combine(secondLength: Int) {
        var generator = SplitMix64(seed: UInt64(secondLength) + 1)
        for firstLength in [0, 1, 13, 1000] {
            let first = (0..<firstLength).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let second = (0..<secondLength).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let joined = CRC32.combine(
                CRC32.checksum(first), CRC32.checksum(second), shiftedBy: CRC32.Shift(length: secondLength))
            #expect(joined == CRC32.checksum(first + second), "lengths \(firstLength) and \(secondLength)")
            #expect(CRC32.checksum(second, continuing: CRC32.checksum(first)) == joined)
        }
    }
}
