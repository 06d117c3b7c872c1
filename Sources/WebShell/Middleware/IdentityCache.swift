import Devices
import Foundation
import Synchronization

/// What a cookie resolved to a moment ago on this server (issue 47): its reading (the MAC checked),
/// the session and owner it stands for, and the owner's preferences; only a browser not removed
/// (a removed one is a new device on each request until its new cookie lands). A page asks this once instead of checking the cookie's MAC and asking the session
/// and preference caches in turn: that was 13.6 % of a loaded server's time.
///
/// An entry is as old as the oldest of the reads it was made from, and is kept no longer than
/// those caches keep them (`DevicePreferencesCache.defaultMaximumAge`, a second), so a browser
/// removed through another server is refused here within a second, as before. A session or a
/// preference written through this server (`generation`) makes every entry stale at once.
final class IdentityCache: Sendable {
    struct Identity: Sendable {
        let reading: SessionCookie.Reading
        let session: SessionID
        let owner: DeviceID
        let preferences: DevicePreferences
        /// The forms' token of this session and owner, signed once.
        let csrf: SignedToken
    }

    /// A CSRF token with what it was signed for.
    struct SignedToken: Sendable {
        let session: SessionID
        let owner: DeviceID
        let token: String
    }

    private struct Entry {
        let identity: Identity
        let readAt: ContinuousClock.Instant
        let generation: Int
    }

    private let entries = Mutex([String: Entry]())
    private let capacity: Int
    private let maximumAge: Duration

    init(capacity: Int = 50_000, maximumAge: Duration = DevicePreferencesCache.defaultMaximumAge) {
        self.capacity = capacity
        self.maximumAge = maximumAge
    }

    /// What `cookie` resolved to, if that is recent and nothing was written here since.
    func identity(of cookie: String, at now: ContinuousClock.Instant, generation: Int) -> Identity? {
        guard let entry = entries.withLock({ $0[cookie] }), entry.generation == generation, now - entry.readAt < maximumAge
        else { return nil }
        return entry.identity
    }

    /// Remembers what `cookie` resolved to from reads made at `readAt` (the oldest of them).
    func remember(_ identity: Identity, of cookie: String, readAt: ContinuousClock.Instant, generation: Int) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[cookie] = Entry(identity: identity, readAt: readAt, generation: generation)
        }
    }
}
