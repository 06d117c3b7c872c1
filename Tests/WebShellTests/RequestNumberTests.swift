import Testing
import WebShell

@Suite("RequestNumber: the one way a route reads a number")
struct RequestNumberTests {
    @Test("the canonical decimal form within the range is a number", arguments: [
        ("0", 0...10, 0), ("7", 0...10, 7), ("10", 0...10, 10), ("1", 1...Int.max, 1),
        ("9223372036854775807", 1...Int.max, Int.max), ("500", 1...999, 500),
    ])
    func accepted(text: String, range: ClosedRange<Int>, value: Int) {
        #expect(RequestNumber.parse(text, in: range) == value)
    }

    @Test("a sign, a leading zero, an exponent, a space, a fraction or a non-digit is no number", arguments: [
        "", "+5", "-1", "05", "00", "1e9", "0x10", "1.5", " 1", "1 ", "１", "٣", "1_000", "..", "%31",
        "-9223372036854775808", "\u{0}1",
    ])
    func refused(text: String) {
        #expect(RequestNumber.parse(text, in: 0...Int.max) == nil)
    }

    @Test("a value outside the parameter's range is no number, however many digits it has", arguments: [
        "0", "1000", "9223372036854775807", "9223372036854775808", "18446744073709551616",
        "99999999999999999999", String(repeating: "9", count: 65_536),
    ])
    func outOfRange(text: String) {
        #expect(RequestNumber.parse(text, in: 1...999) == nil)
    }

    @Test("the widest range refuses what would overflow it, at every width")
    func overflow() {
        #expect(RequestNumber.parse("9223372036854775808", in: 0...Int64.max) == nil)
        #expect(RequestNumber.parse("255", in: 0...UInt8.max) == 255)
        #expect(RequestNumber.parse("256", in: 0...UInt8.max) == nil)
        #expect(RequestNumber.parse("2147483647", in: 0...Int32.max) == Int32.max)
        #expect(RequestNumber.parse("2147483648", in: 0...Int32.max) == nil)
    }
}
