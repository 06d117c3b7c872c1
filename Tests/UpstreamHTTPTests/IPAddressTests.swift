import Testing
import UpstreamHTTP

/// The address classifier the README image proxy connects by (GH-3, issue 22).
@Suite("IPAddress: public or not")
struct IPAddressTests {
    @Test("IPv4 special-purpose ranges are not public", arguments: [
        "0.0.0.0", "0.255.255.255", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.255", "127.0.0.1", "127.255.255.254",
        "169.254.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1", "192.88.99.1", "192.168.0.1",
        "192.168.255.255", "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250",
        "240.0.0.1", "255.255.255.255",
    ])
    func privateIPv4(address: String) throws {
        let parsed = try #require(IPAddress(address))
        #expect(!parsed.isPublic)
        #expect(parsed.description == address)
    }

    @Test("IPv4 just outside those ranges is public", arguments: [
        "1.1.1.1", "8.8.8.8", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0",
        "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.167.255.255", "192.169.0.0", "198.17.255.255",
        "198.20.0.0", "223.255.255.255", "93.184.216.34",
    ])
    func publicIPv4(address: String) throws {
        #expect(try #require(IPAddress(address)).isPublic)
    }

    @Test("IPv6: loopback, unspecified, unique local, link-local, site-local, multicast, documentation are not public", arguments: [
        "::1", "::", "[::1]", "fc00::1", "fd12:3456:789a::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe80::1", "febf::1",
        "fec0::1", "ff02::1", "2001:db8::1", "2001::1", "100::1", "64:ff9b:1::1",
        // IPv4 inside IPv6: mapped, compatible, NAT64 and 6to4 forms of private addresses.
        "::ffff:127.0.0.1", "::ffff:10.1.2.3", "::ffff:169.254.169.254", "::ffff:192.168.1.1", "::127.0.0.1",
        "64:ff9b::7f00:1", "2002:7f00:1::", "2002:a9fe:a9fe::1",
        // Forms that carry a public IPv4 address but are no global unicast (issue 33, item 8).
        "fe7f::1", "fbff::1", "64:ff9b::808:808", "2002:808:808::1", "::ffff:0:8.8.8.8",
    ])
    func privateIPv6(address: String) throws {
        let parsed = try #require(IPAddress(address))
        #expect(!parsed.isPublic)
    }

    @Test("IPv6 global unicast, and a public IPv4 address in its mapped form, are public", arguments: [
        "2606:4700:4700::1111", "2a00:1450:4001:82a::200e", "::ffff:8.8.8.8",
    ])
    func publicIPv6(address: String) throws {
        #expect(try #require(IPAddress(address)).isPublic)
    }

    /// Issue 33, item 8: IPv6 is an allow-list (global unicast, `2000::/3`, minus its special
    /// blocks), so every form outside it is refused, whatever IPv4 address it carries; only the
    /// IPv4-mapped form (a socket connects to the IPv4 address itself) is judged by that address.
    @Test("IPv6: only global unicast minus its special blocks is public", arguments: [
        // IPv4-translated (::ffff:0:0/96, RFC 2765): passed the check before, as any "other" prefix did.
        ("::ffff:0:127.0.0.1", false), ("::ffff:0:8.8.8.8", false), ("::ffff:0:a9fe:a9fe", false), ("[::ffff:0:7f00:1]", false),
        // IPv4-mapped: judged as the IPv4 address it is.
        ("::ffff:127.0.0.1", false), ("::ffff:169.254.169.254", false), ("::ffff:1.1.1.1", true),
        // IPv4-compatible (deprecated), NAT64 (well-known and local-use prefixes): outside 2000::/3.
        ("::8.8.8.8", false), ("64:ff9b::808:808", false), ("64:ff9b::7f00:1", false), ("64:ff9b:1::808:808", false),
        // Reserved and unassigned blocks outside 2000::/3.
        ("1::1", false), ("100::1", false), ("400::1", false), ("1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false),
        ("4000::1", false), ("5f00::1", false), ("8000::1", false), ("e000::1", false), ("fbff::1", false), ("fe7f::1", false),
        // The edges of 2000::/3.
        ("2000::", true), ("3ffe:ffff::1", true), ("3fff:1000::", true),
        // Special blocks inside it: IETF protocol assignments 2001::/23 (Teredo 2001::/32,
        // benchmarking 2001:2::/48, ORCHIDv2 2001:20::/28, AMT 2001:3::/32 and the anycast
        // 2001:1::1 among them), documentation (2001:db8::/32, 3fff::/20), 6to4 (2002::/16).
        ("2001::1", false), ("2001:0:4136:e378:8000:63bf:3fff:fdd2", false), ("2001:1::1", false), ("2001:2::1", false),
        ("2001:3::1", false), ("2001:20::1", false), ("2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", false), ("2001:200::1", true),
        ("2001:db8::1", false), ("2001:db8:ffff::1", false), ("2001:db7:ffff::1", true), ("2001:db9::1", true),
        ("2002:808:808::1", false), ("2002:7f00:1::1", false), ("2003::1", true), ("2001:4860:4860::8888", true),
        ("3fff::1", false), ("3fff:fff:ffff::1", false),
        // Multicast, link-local, unique local, site-local, loopback, unspecified.
        ("ff0e::1", false), ("fe80::1", false), ("fd00::1", false), ("fec0::1", false), ("::1", false), ("::", false),
    ])
    func ipv6Table(address: String, isPublic: Bool) throws {
        let parsed = try #require(IPAddress(address))
        #expect(parsed.isPublic == isPublic, "\(address)")
    }

    @Test("host names, ports and garbage are not addresses", arguments: [
        "localhost", "example.com", "127.0.0.1:80", "1.2.3", "256.1.1.1", "fe80::1%eth0", "", "::g", "1.2.3.4.5",
    ])
    func notAddresses(text: String) {
        #expect(IPAddress(text) == nil)
    }
}
