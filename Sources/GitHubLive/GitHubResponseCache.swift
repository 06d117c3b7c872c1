import Crypto
import Foundation
import Synchronization

/// Answers GitHub sent with an `ETag`, kept so the next identical request can be conditional
/// (`If-None-Match`): a `304 Not Modified` is answered from here, and GitHub does not count it
/// against the rate limit, so a refresh that changes nothing is free (GH-10).
///
/// Entries are keyed by the SHA-256 of the token and the URL: one token never reads an answer
/// fetched with another (GitHub's answers vary with `Authorization`), and the token itself is not
/// kept. Bounded by entry count and by bytes, the least recently used going first. In memory only,
/// shared by every request of one client; safe from any task.
public final class GitHubResponseCache: Sendable {
    /// Whose answer, to what.
    struct Key: Hashable, Sendable {
        /// SHA-256 of the token, 32 bytes.
        let tokenDigest: [UInt8]
        let url: String
    }

    struct Entry: Sendable {
        let etag: String
        let body: [UInt8]
        var cost: Int { body.count + etag.utf8.count }
    }

    private struct State {
        var entries: [Key: (entry: Entry, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    public let maximumEntries: Int
    public let maximumBytes: Int
    private let state = Mutex(State())

    /// - Parameters:
    ///   - maximumEntries: the most answers kept.
    ///   - maximumBytes: the most bytes of bodies and ETags kept; a larger answer is not kept.
    public init(maximumEntries: Int = 256, maximumBytes: Int = 8 * 1024 * 1024) {
        self.maximumEntries = max(0, maximumEntries)
        self.maximumBytes = max(0, maximumBytes)
    }

    /// How many answers are kept.
    public var count: Int { state.withLock { $0.entries.count } }
    /// The bytes they take.
    public var totalBytes: Int { state.withLock { $0.bytes } }

    /// Forgets every answer.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The SHA-256 of a token: what keys its answers in place of the token.
    static func digest(of secret: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(secret.utf8)))
    }

    /// The answer kept for `key`, which becomes the most recently used.
    func entry(for key: Key) -> Entry? {
        state.withLock { state in
            guard let held = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (held.entry, state.clock)
            return held.entry
        }
    }

    /// Keeps `entry` for `key`, evicting the least recently used answers until both bounds hold.
    /// Eviction scans the entries (a few hundred at most), cheap beside the request that preceded it.
    func store(_ entry: Entry, for key: Key) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.entry.cost }
            guard entry.cost <= maximumBytes, maximumEntries > 0 else { return }
            while state.entries.count >= maximumEntries || state.bytes + entry.cost > maximumBytes,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.entry.cost
            }
            state.clock += 1
            state.entries[key] = (entry, state.clock)
            state.bytes += entry.cost
        }
    }

    /// Forgets every answer fetched with the token whose digest is `tokenDigest` (GitHub refused it).
    func removeAll(tokenDigest: [UInt8]) {
        state.withLock { state in
            for (key, held) in state.entries where key.tokenDigest == tokenDigest {
                state.entries.removeValue(forKey: key)
                state.bytes -= held.entry.cost
            }
        }
    }
}
