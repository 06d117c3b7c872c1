import ByteEncoding
import Foundation
import Testing

@Suite("Base64URL: RFC 4648 §5 without padding")
struct Base64URLTests {
    @Test("every length round-trips, with the URL alphabet and no padding")
    func roundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...67 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("+") && !text.contains("/") && !text.contains("="))
            #expect(Base64URL.decode(text) == bytes)
            #expect(Base64URL.data(decoding: text.utf8) == Data(bytes))
        }
    }

    @Test("the alphabet's two URL-safe letters stand for plain base64's + and /")
    func urlAlphabet() {
        #expect(Base64URL.encode([0xfb, 0xff, 0xbf]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == [0xfb, 0xff, 0xbf])
        #expect(Base64URL.encode(Array("ab".utf8)) == "YWI")
    }

    @Test("padding is optional when reading")
    func paddingIsOptional() {
        #expect(Base64URL.decode("YWI=") == Array("ab".utf8))
        #expect(Base64URL.decode("YWI") == Array("ab".utf8))
    }

    @Test("plain base64's letters, whitespace and impossible lengths are refused", arguments: [
        "+/+/", "a+b/", "YW I", " YWI", "YWI\n", "Y", "YWJjZ", "YW*I", "ä",
    ])
    func refused(text: String) {
        #expect(Base64URL.decode(text) == nil)
        #expect(Base64URL.data(decoding: text.utf8) == nil)
    }
}
