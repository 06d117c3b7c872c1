import Devices
import Testing

@Suite("LinkCode and LinkToken: the secrets that link a browser (issue 36)")
struct LinkCodeTests {
    /// A generator that counts up, so every 5-bit group of a code is predictable.
    struct Sequence: RandomNumberGenerator {
        var values: [UInt64]
        mutating func next() -> UInt64 { values.removeFirst() }
    }

    @Test("a code is 12 characters, 60 bits (a 20-bit lookup and a 40-bit secret), of an alphabet without look-alikes, in three groups")
    func shape() {
        #expect(LinkCode.bits == 60 && LinkCode.secretBits >= 40)
        #expect(LinkCode.alphabet.count == 32 && Set(LinkCode.alphabet).count == 32)
        for lookAlike in "ILOU" { #expect(!LinkCode.alphabet.contains(lookAlike)) }
        var generator = Sequence(values: [0, UInt64.max, 0x0123_4567_89AB_CDEF])
        #expect(LinkCode.random(using: &generator).grouped == "0000-0000-0000")
        let all = LinkCode.random(using: &generator)
        #expect(all.grouped == "ZZZZ-ZZZZ-ZZZZ")
        #expect(all.lookup == "ZZZZ")
        let code = LinkCode.random(using: &generator)
        #expect(code.characters.count == 12 && code.grouped.count == 14)
        #expect(code.grouped.split(separator: "-").map(\.count) == [4, 4, 4])
        #expect(code.characters.allSatisfy(LinkCode.alphabet.contains))
        #expect(code.lookup == String(code.characters.prefix(4)))
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
        #expect(LinkCode(typed: "k7f2-9qxm-4hjd")?.characters == "K7F29QXM4HJD")
        #expect(LinkCode(typed: " K7F2 9QXM 4HJD ")?.characters == "K7F29QXM4HJD")
        #expect(LinkCode(typed: "OIL2-9QXM-4HJD")?.characters == "0112" + "9QXM4HJD")
        #expect(LinkCode(typed: "K7F2–9QXM–4HJD")?.characters == "K7F29QXM4HJD", "an en dash from a phone's keyboard")
        #expect(LinkCode(typed: "k7f2-9qxm-4hjd")?.lookup == "K7F2")
    }

    @Test("anything that is not 12 characters of the alphabet is refused", arguments: [
        "", "K7F2-9QXM", "K7F2-9QXM-4HJ", "K7F2-9QXM-4HJDD", "K7F2-9QXM-4HJ!", "К7F2-9QXM-4HJD", "K7F2-9QXM-4HJU",
        String(repeating: "-", count: 65) + "K7F29QXM4HJD",
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
