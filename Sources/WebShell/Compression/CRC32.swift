/// gzip's checksum (CRC-32, the reflected polynomial 0xEDB88320), with the one operation zlib has
/// that lets a page gzipped in pieces be checksummed without reading it again: the checksum of two
/// texts joined, from each one's checksum and the second's length (issue 47).
enum CRC32 {
    private static let polynomial: UInt32 = 0xEDB8_8320

    private static let table: [UInt32] = (0..<256).map { byte in
        var crc = UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
        return crc
    }

    /// The checksum of `bytes` following a text whose checksum is `crc` (0 for none).
    static func checksum(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return ~value
    }

    /// What joining a text `length` bytes long does to the checksum before it: multiplying by
    /// x^(8·length) modulo the polynomial. Kept per piece, so joining costs one multiplication.
    struct Shift: Sendable, Equatable {
        fileprivate let factor: UInt32

        init(length: Int) {
            // x^(8·length) as a product of the powers x^(2^k) that length's bits name.
            var factor: UInt32 = 1 << 31  // x^0
            var bits = UInt(length)
            var power = 3  // a byte is x^8 = x^(2^3)
            while bits != 0 {
                if bits & 1 == 1 { factor = CRC32.multiply(CRC32.powersOfX[power & 31], factor) }
                bits >>= 1
                power += 1
            }
            self.factor = factor
        }
    }

    /// The checksum of A followed by B, from A's checksum and B's, and B's shift.
    static func combine(_ first: UInt32, _ second: UInt32, shiftedBy shift: Shift) -> UInt32 {
        multiply(shift.factor, first) ^ second
    }

    /// x^(2^k) modulo the polynomial, k = 0..<32, in the reflected bit order the checksum uses.
    private static let powersOfX: [UInt32] = {
        var powers: [UInt32] = []
        var power: UInt32 = 1 << 30  // x^1
        for _ in 0..<32 {
            powers.append(power)
            power = multiply(power, power)
        }
        return powers
    }()

    /// a·b modulo the polynomial, both reflected (the highest bit is x^0).
    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var product: UInt32 = 0
        var b = b
        var bit: UInt32 = 1 << 31
        while bit != 0 {
            if a & bit != 0 { product ^= b }
            b = b & 1 == 1 ? (b >> 1) ^ polynomial : b >> 1
            bit >>= 1
        }
        return product
    }
}
