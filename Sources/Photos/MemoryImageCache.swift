import Caching
import Synchronization

/// The thumbnails in memory (PH-4, PH-10), the way NSCache holds images in the original app and
/// Nuke's `ImageCache` does: a least-recently-used cache bounded by total bytes, safe to use from
/// any task (a `Mutex` around an `LRUCache`). An entry may carry an expiry, which the pipeline uses
/// to keep a fallback only briefly.
public final class MemoryImageCache: Sendable {
    /// The bytes an entry is charged beyond its image: the dictionary slot, the strings, the list.
    public static let entryOverhead = 160

    private struct Entry: Sendable {
        let thumbnail: Thumbnail
        let expiresAt: Duration?
    }

    private let storage: Mutex<LRUCache<String, Entry>>
    /// The most bytes the cache holds, overhead included.
    public let capacityBytes: Int

    public init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
        storage = Mutex(LRUCache(capacity: max(0, capacityBytes)))
    }

    /// What an entry costs: its bytes, its key, media type and ETag, and `entryOverhead`.
    public static func cost(of thumbnail: Thumbnail, forKey key: String) -> Int {
        thumbnail.bytes.count + key.utf8.count + thumbnail.contentType.utf8.count + thumbnail.etag.utf8.count
            + entryOverhead
    }

    /// The thumbnail for `key`, which becomes the most recently used; nil when absent or expired at
    /// `now` (an expired entry is dropped).
    public func thumbnail(forKey key: String, now: Duration) -> Thumbnail? {
        storage.withLock { cache in
            guard let entry = cache.value(forKey: key) else { return nil }
            if let expiresAt = entry.expiresAt, expiresAt <= now {
                cache.removeValue(forKey: key)
                return nil
            }
            return entry.thumbnail
        }
    }

    /// Stores `thumbnail` as the most recently used, evicting the least recently used until the
    /// bytes fit; a thumbnail larger than the whole cache is not kept. Returns the evicted keys.
    @discardableResult
    public func insert(_ thumbnail: Thumbnail, forKey key: String, expiresAt: Duration? = nil) -> [String] {
        let cost = Self.cost(of: thumbnail, forKey: key)
        let entry = Entry(thumbnail: thumbnail, expiresAt: expiresAt)
        return storage.withLock { $0.insert(entry, forKey: key, cost: cost) }
    }

    public func removeValue(forKey key: String) {
        storage.withLock { _ = $0.removeValue(forKey: key) }
    }

    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }

    /// The bytes charged now, never above `capacityBytes`.
    public var totalBytes: Int { storage.withLock { $0.totalCost } }
    public var count: Int { storage.withLock { $0.count } }
    /// The keys from the most to the least recently used.
    public var keysByRecency: [String] { storage.withLock { $0.keysByRecency } }
}
