/// Percent-encoding for the values a `Route` puts into a link, byte by byte over UTF-8.
///
/// Foundation's `addingPercentEncoding(withAllowedCharacters:)` with a `CharacterSet` built per call
/// cost about 7% of a `/cars` request on Linux (perf, issue 23: `CarsPath.list` for each of the
/// nine filter segments); the allowed sets here are fixed, so a table of ASCII bytes decides.
enum PercentEncoding {
    /// RFC 3986 unreserved characters and the sub-delimiters a value may keep as they are.
    /// A path segment: `urlPathAllowed` without `/` (which has no `;` either).
    static let pathSegment = Allowed("!$&'()*+,=:@-._~")
    /// A query value: `urlQueryAllowed` without `&`, `=`, `+` and `#`.
    static let queryValue = Allowed("!$'()*,;:@/?-._~")

    struct Allowed: Sendable {
        /// Bit `b` of word `b / 64` is set when ASCII byte `b` stays as it is.
        private let words: (UInt64, UInt64)

        init(_ punctuation: StaticString) {
            var low: UInt64 = 0, high: UInt64 = 0
            func allow(_ byte: UInt8) {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { allow(byte) }
            for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { allow(byte) }
            for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { allow(byte) }
            punctuation.withUTF8Buffer { for byte in $0 { allow(byte) } }
            words = (low, high)
        }

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? words.0 & (1 << UInt64(byte)) != 0 : byte < 128 && words.1 & (1 << UInt64(byte - 64)) != 0
        }
    }

    /// `value` with every byte outside `allowed` written as `%XX` (upper-case hex, as Foundation does).
    static func encode(_ value: String, allowing allowed: Allowed) -> String {
        var value = value
        return value.withUTF8 { bytes in
            guard bytes.contains(where: { !allowed.contains($0) }) else { return String(decoding: bytes, as: UTF8.self) }
            let hex: StaticString = "0123456789ABCDEF"
            var encoded = [UInt8]()
            encoded.reserveCapacity(bytes.count * 3)
            hex.withUTF8Buffer { digits in
                for byte in bytes {
                    if allowed.contains(byte) {
                        encoded.append(byte)
                    } else {
                        encoded.append(UInt8(ascii: "%"))
                        encoded.append(digits[Int(byte >> 4)])
                        encoded.append(digits[Int(byte & 0x0F)])
                    }
                }
            }
            return String(decoding: encoded, as: UTF8.self)
        }
    }
}
