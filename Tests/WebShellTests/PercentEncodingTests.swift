import Foundation
import Testing
@testable import WebShell

/// `Route` links encode their values byte by byte (`PercentEncoding`); the result must be what
/// Foundation's `addingPercentEncoding` gave with the character sets it replaced.
@Suite("Percent-encoding of link values")
struct PercentEncodingTests {
    static let samples: [String] = [
        "", "sedan", "Łódź Żółć 17", "Производитель17", "\"O'Brien\" & Sons <1>", "a/b?c#d=e+f&g",
        "100% ~ok~ (yes); x:y@z, $5 *", "tab\tnew\nline", "emoji 🚗 and é (e + ́)", "\u{0}\u{7F}",
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    @Test("a path segment is encoded as urlPathAllowed without '/' encodes it", arguments: samples)
    func pathSegment(value: String) {
        let foundation = value.addingPercentEncoding(withAllowedCharacters: CharacterSet.urlPathAllowed.subtracting(["/"]))
        #expect(PercentEncoding.encode(value, allowing: PercentEncoding.pathSegment) == foundation)
    }

    @Test("a query value is encoded as urlQueryAllowed without & = + # encodes it", arguments: samples)
    func queryValue(value: String) {
        let foundation = value.addingPercentEncoding(withAllowedCharacters: CharacterSet.urlQueryAllowed.subtracting(["&", "=", "+", "#"]))
        #expect(PercentEncoding.encode(value, allowing: PercentEncoding.queryValue) == foundation)
    }
}
