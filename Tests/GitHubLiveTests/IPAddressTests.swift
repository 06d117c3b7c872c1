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
    ])
    func privateIPv6(address: String) throws {
        let parsed = try #require(IPAddress(address))
        #expect(!parsed.isPublic)
    }

    @Test("IPv6 public unicast, and public IPv4 inside IPv6, are public", arguments: [
        "2606:4700:4700::1111", "2a00:1450:4001:82a::200e", "fe7f::1", "fbff::1", "::ffff:8.8.8.8", "64:ff9b::808:808",
        "2002:808:808::1",
    ])
    func publicIPv6(address: String) throws {
        #expect(try #require(IPAddress(address)).isPublic)
    }

    @Test("host names, ports and garbage are not addresses", arguments: [
        "localhost", "example.com", "127.0.0.1:80", "1.2.3", "256.1.1.1", "fe80::1%eth0", "", "::g", "1.2.3.4.5",
    ])
    func notAddresses(text: String) {
        #expect(IPAddress(text) == nil)
    }
}
