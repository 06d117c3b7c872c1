import ByteEncoding
import Crypto
import Devices
import Foundation
import Synchronization

/// The browsers' sessions (issue 36) as the shell reads them: through a cache that keeps each one
/// for the preferences cache's window (`DevicePreferencesCache.defaultMaximumAge`, a second), so
/// a browser removed through one server is a new, empty device on every server within it, at one
/// database read a second for a browser that keeps asking. Changes made here drop the entry at once.
public final class SessionDirectory: Sendable {
    private struct Entry {
        let session: BrowserSession
        let readAt: ContinuousClock.Instant
        /// False for a reader's session, not stored until its first write (issue 46, item 5).
        let isStored: Bool
    }

    private struct State {
        var entries: [SessionID: Entry] = [:]
        /// Counts changes, so a read that raced one never caches what it read before it.
        var changes = 0
    }

    let store: any SessionStore
    private let state = Mutex(State())
    /// Counts the sessions forgotten, as `changes` does, read without the lock by `IdentityCache`.
    private let forgotten = Atomic<Int>(0)
    private let capacity: Int
    private let maximumAge: Duration
    private let clock: @Sendable () -> ContinuousClock.Instant

    public init(
        store: any SessionStore, capacity: Int = 50_000, maximumAge: Duration = DevicePreferencesCache.defaultMaximumAge,
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.store = store
        self.capacity = capacity
        self.maximumAge = maximumAge
        self.clock = clock
    }

    /// The session a cookie names, as stored; one not stored yet (a browser's first pages, a device
    /// cookie from before sessions) is stored now when the request `writes`, for `owner`, named
    /// from its `userAgent`. A reader's is not (issue 46, item 5): reading stores nothing, so one
    /// address cannot grow the database by reading; it comes back as it would be stored, and is
    /// asked for again on the next request. A stored one's last-seen time is written when it is
    /// more than an hour old. A removed one comes back removed.
    func resolve(_ id: SessionID, owner: DeviceID, userAgent: String?, writes: Bool, at date: Date) async throws -> BrowserSession {
        try await resolveDated(id, owner: owner, userAgent: userAgent, writes: writes, at: date).session
    }

    /// `resolve`, with when the answer was read from the store (`IdentityCache` keeps it no longer
    /// than this cache would).
    func resolveDated(
        _ id: SessionID, owner: DeviceID, userAgent: String?, writes: Bool, at date: Date
    ) async throws -> (session: BrowserSession, readAt: ContinuousClock.Instant) {
        let asked = clock()
        let (cached, changes) = state.withLock { ($0.entries[id], $0.changes) }
        let fresh = cached.flatMap { asked - $0.readAt < maximumAge && ($0.isStored || !writes) ? $0 : nil }
        var session: BrowserSession
        var isStored = true
        if let fresh {
            session = fresh.session
            isStored = fresh.isStored
        } else if let stored = try await store.session(id) {
            session = stored
        } else {
            // A reader's is kept unstored in the cache like a stored one, so its next pages ask
            // the database no more often than a stored browser's do.
            session = BrowserSession(id: id, owner: owner, name: BrowserName(userAgent: userAgent).stored, createdAt: date)
            if writes { session = try await store.open(session) } else { isStored = false }
        }
        var wrote = false
        if isStored, !session.isRemoved, date.timeIntervalSince(session.lastSeenAt) >= BrowserSession.lastSeenInterval {
            try await store.markSeen(id, at: date)
            session.lastSeenAt = date
            wrote = true
        }
        if fresh == nil || wrote {
            state.withLock { [session, isStored] state in
                guard state.changes == changes else { return }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
                state.entries[id] = Entry(session: session, readAt: asked, isStored: isStored)
            }
        }
        return (session, fresh.map { wrote ? asked : $0.readAt } ?? asked)
    }

    /// The owner's browsers, oldest first.
    public func sessions(of owner: DeviceID) async throws -> [BrowserSession] {
        try await store.sessions(of: owner)
    }

    /// Removes the owner's browser `id`, as the browser of session `remover` asked; false when the
    /// owner has no such browser left.
    public func remove(_ id: SessionID, of owner: DeviceID, by remover: SessionID, at date: Date) async throws -> Bool {
        defer { forget(id) }
        return try await store.remove(id, of: owner, by: remover, at: date)
    }

    /// Gives the owner's browser `id` a name of its own (nil: its User-Agent's again); false when
    /// the owner has no such browser left (issue 50).
    public func rename(_ id: SessionID, of owner: DeviceID, to name: String?) async throws -> Bool {
        defer { forget(id) }
        return try await store.rename(id, of: owner, to: name)
    }

    /// The owner's browsers removed in the last `BrowserRemoval.shownFor`, newest first.
    public func removals(of owner: DeviceID, at date: Date) async throws -> [BrowserRemoval] {
        try await store.removals(of: owner, since: date.addingTimeInterval(-BrowserRemoval.shownFor))
    }

    /// How long a link is good for (issue 36).
    public static let linkLifetime: TimeInterval = 10 * 60

    /// A new code and link for `owner`, good once for `linkLifetime`; only the code's lookup and
    /// digests are stored. A lookup another live link has (one in 2²⁰ for each) is drawn again.
    public func makeLink(for owner: DeviceID, at date: Date) async throws -> (code: LinkCode, token: LinkToken, expiresAt: Date) {
        let expiresAt = date.addingTimeInterval(Self.linkLifetime)
        for _ in 0..<Self.lookupDraws {
            let code = LinkCode.random(), token = LinkToken.random()
            let stored = try await store.storeLink(LinkGrant(
                codeLookup: code.lookup, codeDigest: LinkSecret.code(code).digest, tokenDigest: LinkSecret.token(token).digest,
                owner: owner, expiresAt: expiresAt))
            if stored { return (code, token, expiresAt) }
        }
        throw LinkLookupsExhausted()
    }

    /// With a million lookups, eight draws all finding live links would take more links alive at
    /// once than any deck has.
    static let lookupDraws = 8

    /// The owner a good code or link names, redeeming nothing (a wrong code counts against its link).
    func linkOwner(_ secret: LinkSecret, at date: Date) async throws -> LinkAnswer<DeviceID> {
        try await store.linkOwner(secret.claim, at: date)
    }

    /// Makes the browser of session `replacing` a new session of the link's owner, in one
    /// transaction that takes the link; `.notFound` or `.spent` when the link is not good (any more).
    func redeem(_ secret: LinkSecret, replacing: SessionID, userAgent: String?, at date: Date) async throws -> LinkAnswer<BrowserSession> {
        defer { forget(replacing) }
        return try await store.redeemLink(
            secret.claim, as: .random(), named: BrowserName(userAgent: userAgent).stored, replacing: replacing, at: date)
    }

    private func forget(_ id: SessionID) {
        state.withLock { state in
            state.changes += 1
            state.entries[id] = nil
        }
        forgotten.add(1, ordering: .releasing)
    }

    /// Changes each time a session is removed or replaced here: what was resolved before may be stale.
    var generation: Int { forgotten.load(ordering: .acquiring) }
}

/// Every draw of a link's code found its lookup taken by another live link.
struct LinkLookupsExhausted: Error {}

/// What redeems a link: the code a person typed, or the token the link carries.
enum LinkSecret: Sendable, Hashable {
    case code(LinkCode)
    case token(LinkToken)

    /// SHA-256 in hex of what identifies the secret; the purposes differ so a code is never a token.
    var digest: String {
        let text = switch self {
        case .code(let code): "appdeck link code " + code.characters
        case .token(let token): "appdeck link token " + token.rawValue
        }
        return Hex.encode(SHA256.hash(data: Data(text.utf8)))
    }

    /// How the stores look it up: a code by its lookup, so that a wrong one counts against its link.
    var claim: LinkClaim {
        switch self {
        case .code(let code): .code(lookup: code.lookup, digest: digest)
        case .token: .token(digest: digest)
        }
    }
}
