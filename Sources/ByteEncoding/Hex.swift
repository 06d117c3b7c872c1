/// Bytes as lowercase hexadecimal digits, two a byte: digests in ETags and asset names, MACs in
/// cookies and signed addresses, colours (`#rrggbb`), blobs in a database dump (`\x…`).
///
/// Without Foundation's `String(format:)`, which costs a formatter a byte (this runs on every page).
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `prefix`, then two lowercase hex digits for every byte of `bytes`, in order.
    public static func encode(_ bytes: some Sequence<UInt8>, prefix: String = "") -> String {
        var text = Array(prefix.utf8)
        text.reserveCapacity(text.count + bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The 16 digits of `word`, most significant first (big-endian), leading zeros kept.
    public static func encode(_ word: UInt64) -> String {
        encode((0..<8).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) })
    }
}
