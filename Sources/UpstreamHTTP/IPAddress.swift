#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address, and whether it is one the public internet
/// routes to (GH-3: the README image proxy connects only to those, so a README cannot point the
/// server at itself, its network or a cloud metadata service).
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// Network byte order: 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// Four or sixteen bytes; nil for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// `203.0.113.7`, `2001:db8::1`, `[::1]`, `::ffff:127.0.0.1`; nil for anything else (a host
    /// name, an address with a zone or a port).
    public init?(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        guard !text.isEmpty, text.utf8.count <= 45, text.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else { return nil }
        let string = String(text)
        if !string.contains(":") {
            var address = in_addr()
            guard inet_pton(AF_INET, string, &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        } else {
            var address = in6_addr()
            guard inet_pton(AF_INET6, string, &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        }
    }

    public var isIPv4: Bool { bytes.count == 4 }

    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "::" }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// False for every special-purpose range of IANA's registries that is not globally reachable:
    /// this network (0/8), private use (10/8, 172.16/12, 192.168/16), shared address space
    /// (100.64/10), loopback (127/8, ::1), link-local (169.254/16, fe80::/10), IETF protocol
    /// assignments (192.0.0/24, 2001::/23), documentation (192.0.2/24, 198.51.100/24,
    /// 203.0.113/24, 2001:db8::/32), benchmarking (198.18/15), 6to4 relay (192.88.99/24),
    /// multicast (224/4, ff00::/8), reserved and broadcast (240/4), unspecified (::), discard
    /// (100::/64), unique local (fc00::/7) and site-local (fec0::/10). An IPv6 address that
    /// carries an IPv4 one (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`,
    /// 6to4 `2002::/16`) is judged by that IPv4 address; the local NAT64 prefix (64:ff9b:1::/48) never passes.
    public var isPublic: Bool {
        isIPv4 ? Self.isPublicIPv4(bytes) : isPublicIPv6
    }

    private var isPublicIPv6: Bool {
        let b = bytes
        let zeros = b[0..<10].allSatisfy { $0 == 0 }
        if zeros, b[10] == 0xFF, b[11] == 0xFF { return Self.isPublicIPv4(Array(b[12..<16])) }  // ::ffff:0:0/96
        if zeros, b[10] == 0, b[11] == 0 { return false }  // ::, ::1, ::a.b.c.d (deprecated)
        if b[0] == 0x00, b[1] == 0x64, b[2] == 0xFF, b[3] == 0x9B {
            if b[4] == 0, b[5] == 0x01 { return false }  // 64:ff9b:1::/48
            if b[4..<12].allSatisfy({ $0 == 0 }) { return Self.isPublicIPv4(Array(b[12..<16])) }  // 64:ff9b::/96
            return false
        }
        if b[0] == 0x01, b[1] == 0x00, b[2..<8].allSatisfy({ $0 == 0 }) { return false }  // 100::/64
        if b[0] == 0x20, b[1] == 0x01, b[2] < 0x02 { return false }  // 2001::/23
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0D, b[3] == 0xB8 { return false }  // 2001:db8::/32
        if b[0] == 0x20, b[1] == 0x02 { return Self.isPublicIPv4(Array(b[2..<6])) }  // 2002::/16
        if b[0] & 0xFE == 0xFC { return false }  // fc00::/7
        if b[0] == 0xFE, b[1] & 0xC0 == 0x80 { return false }  // fe80::/10
        if b[0] == 0xFE, b[1] & 0xC0 == 0xC0 { return false }  // fec0::/10
        if b[0] == 0xFF { return false }  // ff00::/8
        return true
    }

    private static func isPublicIPv4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1], b[2]) {
        case (0, _, _), (10, _, _), (127, _, _): false
        case (100, 64...127, _): false
        case (169, 254, _): false
        case (172, 16...31, _): false
        case (192, 0, 0), (192, 0, 2), (192, 88, 99), (192, 168, _): false
        case (198, 18...19, _), (198, 51, 100), (203, 0, 113): false
        case (224..., _, _): false  // multicast, reserved, broadcast
        default: true
        }
    }
}
