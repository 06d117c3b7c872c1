import Devices
import NIOCore
import Persistence
import Synchronization

/// How fast one key may write: a token bucket that holds up to `burst` tokens, gains `perSecond`
/// a second, and gives one to each state-changing request (issue 34).
public struct WriteRate: Sendable, Hashable, CustomStringConvertible {
    public var burst: Int
    public var perSecond: Double

    public init(burst: Int, perSecond: Double) {
        self.burst = burst
        self.perSecond = perSecond
    }

    /// `BURST/PER_SECOND` (`200/1`, `600/5`, `100/0.5`), as the options take it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let burst = Int(parts[0]), let perSecond = Double(parts[1]),
              (1...1_000_000).contains(burst), perSecond.isFinite, perSecond > 0, perSecond <= 1_000_000
        else { return nil }
        self.init(burst: burst, perSecond: perSecond)
    }

    public var description: String { "\(burst)/\(perSecond)" }
}

/// The write rates a server keeps (issue 34), per owner (the device of a valid cookie) and per
/// client address. nil turns one off (`--write-rate-per-owner off`, for load tests that seed
/// through the forms).
public struct WriteRates: Sendable, Hashable {
    public var perOwner: WriteRate?
    public var perAddress: WriteRate?
    /// Keys each table tracks at most: about 100 bytes each, so 50,000 owners and 50,000
    /// addresses are about 10 MB at worst.
    public var trackedKeys: Int

    public init(perOwner: WriteRate?, perAddress: WriteRate?, trackedKeys: Int = 50_000) {
        self.perOwner = perOwner
        self.perAddress = perAddress
        self.trackedKeys = trackedKeys
    }

    /// Per owner: 200 at once, then one a second. A person taps at most a few times a second and
    /// never for long; the largest burst a person makes is MyHabits' offline outbox, replayed in
    /// one go once the server answers (100 queued ticks pass twice over). A device can still
    /// write 3,600 times an hour, so its own limits (`OwnerLimits`) are what bound its data.
    ///
    /// Per client address: 600 at once, then five a second. Many people can share one address
    /// (an office, a carrier's NAT), so it is three owners' bursts and 300 writes a minute; what it
    /// bounds is the cookie-less script, which draws a new device for every page it asks for:
    /// at most 18,000 writes an hour from one address (IPv6: one /64 network).
    public static let standard = WriteRates(
        perOwner: WriteRate(burst: 200, perSecond: 1), perAddress: WriteRate(burst: 600, perSecond: 5))

    /// No limit at all.
    public static let off = WriteRates(perOwner: nil, perAddress: nil)
}

/// One key's tokens as of `updated` (seconds on the limiter's clock).
struct TokenBucket: Sendable, Hashable {
    var tokens: Double
    var updated: Double

    /// The tokens at `now`: what was left plus what the time since gave, up to the burst.
    func tokens(at now: Double, rate: WriteRate) -> Double {
        min(Double(rate.burst), tokens + max(0, now - updated) * rate.perSecond)
    }
}

/// Token buckets by key with a bounded table: a pure value driven by the time it is given.
///
/// A bucket that has filled up again says nothing a new one would not, so it can go. When the
/// table reaches `capacity`, every full bucket is dropped; if that frees less than an eighth of
/// it (many keys all writing at once), the fullest of the rest go too, down to seven eighths:
/// each forgets at most what it owed, and the sort is paid once per an eighth of the table's
/// insertions.
struct RateLimiter<Key: Hashable & Sendable>: Sendable {
    let rate: WriteRate
    let capacity: Int
    private(set) var buckets: [Key: TokenBucket] = [:]

    init(rate: WriteRate, capacity: Int) {
        self.rate = rate
        self.capacity = max(8, capacity)
    }

    /// Seconds until `key` has a token; 0 when it has one now.
    func wait(for key: Key, at now: Double) -> Double {
        guard let bucket = buckets[key] else { return 0 }
        let tokens = bucket.tokens(at: now, rate: rate)
        return tokens >= 1 ? 0 : (1 - tokens) / rate.perSecond
    }

    /// Takes one of `key`'s tokens (call after `wait` said 0).
    mutating func take(_ key: Key, at now: Double) {
        if let bucket = buckets[key] {
            buckets[key] = TokenBucket(tokens: bucket.tokens(at: now, rate: rate) - 1, updated: now)
        } else {
            if buckets.count >= capacity { makeRoom(at: now) }
            buckets[key] = TokenBucket(tokens: Double(rate.burst) - 1, updated: now)
        }
    }

    private mutating func makeRoom(at now: Double) {
        let burst = Double(rate.burst)
        buckets = buckets.filter { $0.value.tokens(at: now, rate: rate) < burst }
        let keep = capacity - capacity / 8
        guard buckets.count > keep else { return }
        let fullest = buckets.map { (key: $0.key, tokens: $0.value.tokens(at: now, rate: rate)) }
            .sorted { $0.tokens > $1.tokens }
            .prefix(buckets.count - keep)
        for entry in fullest { buckets[entry.key] = nil }
    }
}

/// The server's write rates: one table of buckets per owner and one per client address, behind
/// one lock. Per server: servers behind one nginx each keep their own, and nginx's `limit_req`
/// bounds the whole (`deploy/nginx/appdeck.conf`).
public final class WriteRateLimiter: Sendable {
    public let rates: WriteRates
    /// Seconds on a monotonic clock; tests inject their own.
    private let clock: @Sendable () -> Double
    private let state: Mutex<(owners: RateLimiter<DeviceID>?, addresses: RateLimiter<ClientAddress>?)>

    public init(rates: WriteRates, clock: (@Sendable () -> Double)? = nil) {
        self.rates = rates
        let start = ContinuousClock.now
        self.clock = clock ?? { (ContinuousClock.now - start).seconds }
        state = Mutex((
            rates.perOwner.map { RateLimiter(rate: $0, capacity: rates.trackedKeys) },
            rates.perAddress.map { RateLimiter(rate: $0, capacity: rates.trackedKeys) }))
    }

    /// Takes a token from the owner's bucket and the address's, or from neither: nil when the
    /// request may go on, else the whole seconds until both have one (at least 1), for
    /// `Retry-After`. A nil owner or address is not counted.
    public func admit(owner: DeviceID?, address: ClientAddress?) -> Int? {
        let now = clock()
        return state.withLock { state -> Int? in
            let ownerWait = owner.flatMap { key in state.owners?.wait(for: key, at: now) } ?? 0
            let addressWait = address.flatMap { key in state.addresses?.wait(for: key, at: now) } ?? 0
            let wait = max(ownerWait, addressWait)
            guard wait == 0 else { return max(1, Int(wait.rounded(.up))) }
            if let owner { state.owners?.take(owner, at: now) }
            if let address { state.addresses?.take(address, at: now) }
            return nil
        }
    }

    /// Keys tracked now (owners, addresses): what the memory bound is about.
    var trackedKeys: (owners: Int, addresses: Int) {
        state.withLock { ($0.owners?.buckets.count ?? 0, $0.addresses?.buckets.count ?? 0) }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Whose write a request is, by network: an IPv4 address, an IPv6 address's /64 network (one
/// subscriber's, who can use any of its 2^64 addresses), or, for what is not an address, its text.
public enum ClientAddress: Hashable, Sendable {
    case v4(UInt32)
    case v6Network(UInt64)
    case other(String)

    public init(_ text: String) {
        switch try? SocketAddress(ipAddress: text, port: 0) {
        case .v4(let address):
            self = .v4(UInt32(bigEndian: address.address.sin_addr.s_addr))
        case .v6(let address):
            let bytes = withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {  // ::ffff:a.b.c.d
                self = .v4(bytes[12...].reduce(0) { $0 << 8 | UInt32($1) })
            } else {
                self = .v6Network(bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) })
            }
        default:
            self = .other(String(text.prefix(64)))
        }
    }

    /// The client a request comes from: the peer, or, when the peer is a proxy named in
    /// `trustedProxies`, the last address in `X-Forwarded-For` that is not one of them (what the
    /// proxy itself saw; anything before it is the client's own claim).
    static func of(peer: String?, forwardedFor: String?, trustedProxies: Set<String>) -> String? {
        guard let peer, trustedProxies.contains(peer), let forwardedFor else { return peer }
        for entry in forwardedFor.split(separator: ",").reversed() {
            let address = entry.trimmingCharacters(in: " \t")
            if address.isEmpty || trustedProxies.contains(address) { continue }
            return address
        }
        return peer
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
