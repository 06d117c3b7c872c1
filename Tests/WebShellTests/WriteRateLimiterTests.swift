import Devices
import Synchronization
import Testing
@testable import WebShell

/// The write rates' token buckets on an injected clock (issue 34).
@Suite("Write rate limiter")
struct WriteRateLimiterTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let seconds = Mutex(0.0)
        var now: Double { seconds.withLock { $0 } }
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
    }

    static let owner = DeviceID("0123456789abcdef0123456789abcdef")!
    static let other = DeviceID("fedcba9876543210fedcba9876543210")!

    func limiter(_ rates: WriteRates, _ clock: ManualClock) -> WriteRateLimiter {
        WriteRateLimiter(rates: rates, clock: { clock.now })
    }

    @Test("an owner's burst passes, the next waits the seconds until a token, and time refills it")
    func burstThenRetryAfterThenRefill() {
        let clock = ManualClock()
        let limiter = limiter(WriteRates(perOwner: WriteRate(burst: 5, perSecond: 0.5), perAddress: nil), clock)
        for _ in 0..<5 { #expect(limiter.admit(owner: Self.owner, address: nil) == nil) }
        #expect(limiter.admit(owner: Self.owner, address: nil) == 2, "one token at 0.5 a second is 2 s away")
        clock.advance(1.5)
        #expect(limiter.admit(owner: Self.owner, address: nil) == 1, "half a second left, said as a whole second")
        clock.advance(0.5)
        #expect(limiter.admit(owner: Self.owner, address: nil) == nil)
        #expect(limiter.admit(owner: Self.owner, address: nil) == 2)
        clock.advance(3600)
        for _ in 0..<5 { #expect(limiter.admit(owner: Self.owner, address: nil) == nil) }
        #expect(limiter.admit(owner: Self.owner, address: nil) != nil, "an hour away fills the bucket, never past its burst")
    }

    @Test("owners are counted apart, and an address apart from its owners")
    func independence() {
        let clock = ManualClock()
        let rates = WriteRates(perOwner: WriteRate(burst: 3, perSecond: 1), perAddress: WriteRate(burst: 5, perSecond: 1))
        let limiter = limiter(rates, clock)
        let home = ClientAddress("192.0.2.1"), office = ClientAddress("198.51.100.7")
        for _ in 0..<3 { #expect(limiter.admit(owner: Self.owner, address: home) == nil) }
        #expect(limiter.admit(owner: Self.owner, address: office) == 1, "the owner's bucket is empty wherever it writes from")
        #expect(limiter.admit(owner: Self.other, address: home) == nil, "another owner at the same address still writes")
        #expect(limiter.admit(owner: nil, address: home) == nil)
        #expect(limiter.admit(owner: nil, address: home) == 1, "the address's five are spent: cookie-less requests wait")
        #expect(limiter.admit(owner: Self.other, address: home) == 1, "and so does every owner at it")
        #expect(limiter.admit(owner: Self.other, address: office) == nil, "the same owner from another address writes")
        // A refusal takes nothing: the owner that was refused for its address kept its tokens.
        clock.advance(1)
        #expect(limiter.admit(owner: Self.other, address: home) == nil)
    }

    @Test("off counts nothing")
    func off() {
        let limiter = WriteRateLimiter(rates: .off)
        for _ in 0..<10_000 { #expect(limiter.admit(owner: Self.owner, address: ClientAddress("192.0.2.1")) == nil) }
        #expect(limiter.trackedKeys == (0, 0))
    }

    @Test("the standard rates let a 100-tick outbox replay through twice, and not a 201st post at once")
    func standardRates() {
        let clock = ManualClock()
        let limiter = limiter(.standard, clock)
        let address = ClientAddress("203.0.113.9")
        for _ in 0..<200 { #expect(limiter.admit(owner: Self.owner, address: address) == nil) }
        #expect(limiter.admit(owner: Self.owner, address: address) == 1)
    }

    @Test("the table holds at most its capacity: idle full buckets go first, then the fullest")
    func memoryBound() {
        let clock = ManualClock()
        let limiter = limiter(WriteRates(perOwner: nil, perAddress: WriteRate(burst: 10, perSecond: 1), trackedKeys: 64), clock)
        // 1,000 addresses that each wrote once: never more than 64 buckets kept.
        for n in 0..<1_000 {
            #expect(limiter.admit(owner: nil, address: .v4(UInt32(n))) == nil)
            #expect(limiter.trackedKeys.addresses <= 64)
        }
        // One address that spent its burst is not forgotten while the others that come are idle…
        let busy = ClientAddress.v4(0xFFFF_FFFF)
        for _ in 0..<10 { #expect(limiter.admit(owner: nil, address: busy) == nil) }
        clock.advance(20)  // every other bucket is full again; the busy one too, after 10 s
        for _ in 0..<10 { #expect(limiter.admit(owner: nil, address: busy) == nil) }
        for n in 0..<200 { #expect(limiter.admit(owner: nil, address: .v4(UInt32(10_000 + n))) == nil) }
        #expect(limiter.admit(owner: nil, address: busy) == 1, "the busy address's debt survives the newcomers")
        #expect(limiter.trackedKeys.addresses <= 64)
    }

    @Test("IPv4, IPv4-mapped and an IPv6 /64 are one client each")
    func addresses() {
        #expect(ClientAddress("192.0.2.1") == .v4(0xC000_0201))
        #expect(ClientAddress("::ffff:192.0.2.1") == ClientAddress("192.0.2.1"))
        #expect(ClientAddress("2001:db8:1:2::1") == ClientAddress("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        #expect(ClientAddress("2001:db8:1:2::1") != ClientAddress("2001:db8:1:3::1"))
        #expect(ClientAddress("not an address") == .other("not an address"))
    }

    @Test("behind a trusted proxy the client is the last address it forwarded; from anyone else, the peer")
    func forwardedFor() {
        let proxies: Set<String> = ["10.0.0.2"]
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: "198.51.100.1, 203.0.113.5", trustedProxies: proxies) == "203.0.113.5")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: "203.0.113.5, 10.0.0.2", trustedProxies: proxies) == "203.0.113.5")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: nil, trustedProxies: proxies) == "10.0.0.2")
        #expect(ClientAddress.of(peer: "10.0.0.2", forwardedFor: " , ", trustedProxies: proxies) == "10.0.0.2")
        #expect(ClientAddress.of(peer: "192.0.2.9", forwardedFor: "203.0.113.5", trustedProxies: proxies) == "192.0.2.9",
                "a header anyone can send names no client unless a trusted proxy sent it")
        #expect(ClientAddress.of(peer: nil, forwardedFor: "203.0.113.5", trustedProxies: proxies) == nil)
    }

    @Test("the options' form: BURST/PER_SECOND")
    func parsing() {
        #expect(WriteRate("200/1") == WriteRate(burst: 200, perSecond: 1))
        #expect(WriteRate("10/0.5") == WriteRate(burst: 10, perSecond: 0.5))
        for bad in ["", "200", "0/1", "200/0", "200/-1", "-5/1", "1/inf", "1/nan", "a/b", "1/2/3", "99999999999999999999/1"] {
            #expect(WriteRate(bad) == nil, "\(bad)")
        }
    }
}
