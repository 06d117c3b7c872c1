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

    /// True only for addresses the public internet routes to; the README image proxy connects to
    /// nothing else (issue 33, item 8: an allow-list for IPv6, not a list of exceptions).
    ///
    /// IPv4: every address but the special-purpose ranges of IANA's registry that are not globally
    /// reachable: this network (0/8), private use (10/8, 172.16/12, 192.168/16), shared address
    /// space (100.64/10), loopback (127/8), link-local (169.254/16), IETF protocol assignments
    /// (192.0.0/24), documentation (192.0.2/24, 198.51.100/24, 203.0.113/24), benchmarking
    /// (198.18/15), the deprecated 6to4 relay anycast (192.88.99/24), multicast (224/4), reserved
    /// and broadcast (240/4).
    ///
    /// IPv6: global unicast (`2000::/3`) only, minus its special-purpose blocks: IETF protocol
    /// assignments `2001::/23` whole (Teredo, benchmarking, ORCHID, and the few anycast blocks in it
    /// that IANA calls globally reachable: no image host lives there), documentation
    /// (`2001:db8::/32`, `3fff::/20`) and 6to4 (`2002::/16`, refused rather than judged by the IPv4
    /// address inside: a relay, not the host, would answer). So loopback, unspecified, unique
    /// and link-local, site-local, multicast, discard (`100::/64`), NAT64 (`64:ff9b::/96`,
    /// `64:ff9b:1::/48`), IPv4-compatible (`::a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`) and
    /// every reserved block are refused because they lie outside `2000::/3`. The one form outside
    /// it judged otherwise is IPv4-mapped (`::ffff:a.b.c.d`), which is no IPv6 destination at all:
    /// a socket given one connects to that IPv4 address, so it is judged as that address.
    public var isPublic: Bool {
        isIPv4 ? Self.isPublicIPv4(bytes) : isPublicIPv6
    }

    private var isPublicIPv6: Bool {
        let b = bytes
        if b[0..<10].allSatisfy({ $0 == 0 }), b[10] == 0xFF, b[11] == 0xFF {  // ::ffff:0:0/96, IPv4-mapped
            return Self.isPublicIPv4(Array(b[12..<16]))
        }
        guard b[0] & 0xE0 == 0x20 else { return false }  // outside 2000::/3
        if b[0] == 0x20, b[1] == 0x01, b[2] < 0x02 { return false }  // 2001::/23
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0D, b[3] == 0xB8 { return false }  // 2001:db8::/32
        if b[0] == 0x20, b[1] == 0x02 { return false }  // 2002::/16, 6to4
        if b[0] == 0x3F, b[1] == 0xFF, b[2] & 0xF0 == 0 { return false }  // 3fff::/20
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
