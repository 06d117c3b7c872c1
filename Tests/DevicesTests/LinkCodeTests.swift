import Devices
import Testing

@Suite("LinkCode and LinkToken: the secrets that link a browser (issue 36)")
struct LinkCodeTests {
    /// A generator that counts up, so every 5-bit group of a code is predictable.
    struct Sequence: RandomNumberGenerator {
        var values: [UInt64]
        mutating func next() -> UInt64 { values.removeFirst() }
    }

    @Test("a code is 8 characters, 40 bits, of an alphabet without look-alikes, shown as two groups")
    func shape() {
        #expect(LinkCode.bits >= 40)
        #expect(LinkCode.alphabet.count == 32 && Set(LinkCode.alphabet).count == 32)
        for lookAlike in "ILOU" { #expect(!LinkCode.alphabet.contains(lookAlike)) }
        var generator = Sequence(values: [0, UInt64.max, 0x0123_4567_89AB_CDEF])
        #expect(LinkCode.random(using: &generator).grouped == "0000-0000")
        #expect(LinkCode.random(using: &generator).grouped == "ZZZZ-ZZZZ")
        let code = LinkCode.random(using: &generator)
        #expect(code.characters.count == 8 && code.grouped.count == 9 && code.grouped.dropFirst(4).first == "-")
        #expect(code.characters.allSatisfy(LinkCode.alphabet.contains))
    }

    @Test("random codes use every character and are never all the same")
    func randomness() {
        var seen = Set<Character>()
        var codes = Set<String>()
        for _ in 0..<2_000 {
            let code = LinkCode.random()
            seen.formUnion(code.characters)
            codes.insert(code.characters)
        }
        #expect(seen == Set(LinkCode.alphabet))
        #expect(codes.count == 2_000)
    }

    @Test("typing is forgiving: case, spaces, dashes, and O, I, L for 0, 1, 1")
    func typed() {
        #expect(LinkCode(typed: "k7f2-9qxm")?.characters == "K7F29QXM")
        #expect(LinkCode(typed: " K7F2 9QXM ")?.characters == "K7F29QXM")
        #expect(LinkCode(typed: "OIL2-9QXM")?.characters == "0112" + "9QXM")
        #expect(LinkCode(typed: "K7F2–9QXM")?.characters == "K7F29QXM", "an en dash from a phone's keyboard")
    }

    @Test("anything that is not 8 characters of the alphabet is refused", arguments: [
        "", "K7F2-9QX", "K7F2-9QXMM", "K7F2-9QX!", "К7F2-9QXM", "K7F2-9QXU", String(repeating: "-", count: 65) + "K7F29QXM",
    ])
    func refused(_ typed: String) {
        #expect(LinkCode(typed: typed) == nil)
    }

    @Test("a link's token is 128 bits of hex, a session id likewise; other text is neither")
    func tokens() {
        let token = LinkToken.random()
        #expect(token.rawValue.count == 32 && LinkToken(token.rawValue) == token)
        #expect(LinkToken.random() != token)
        #expect(LinkToken("ABCDEF0123456789abcdef0123456789") == nil)
        #expect(LinkToken("abc") == nil)
        #expect(SessionID(SessionID.random().rawValue) != nil)
        #expect(SessionID("0123456789abcdef0123456789abcdeg") == nil)
    }
}
