import Photos
import Testing

@Suite("MemoryImageCache: thumbnails bounded by bytes, with expiry (PH-4, PH-10)")
struct MemoryImageCacheTests {
    @Test("MemoryImageCache is bounded by bytes and evicts the least recently used")
    func imageCache() {
        let thumbnail = Thumbnail(bytes: [UInt8](repeating: 7, count: 1_000), contentType: "image/png")
        let cost = MemoryImageCache.cost(of: thumbnail, forKey: "k0")
        let cache = MemoryImageCache(capacityBytes: cost * 3)
        for index in 0..<3 { cache.insert(thumbnail, forKey: "k\(index)") }
        #expect(cache.thumbnail(forKey: "k0", now: .zero) == thumbnail)
        #expect(cache.insert(thumbnail, forKey: "k3") == ["k1"])
        #expect(cache.keysByRecency == ["k3", "k0", "k2"])
        #expect(cache.totalBytes <= cache.capacityBytes)
        #expect(cache.count == 3)
    }

    @Test("an entry with an expiry disappears when it passes")
    func expiry() {
        let cache = MemoryImageCache(capacityBytes: 10_000)
        let thumbnail = Thumbnail(bytes: [1], contentType: "image/png")
        cache.insert(thumbnail, forKey: "x", expiresAt: .seconds(30))
        #expect(cache.thumbnail(forKey: "x", now: .seconds(29)) == thumbnail)
        #expect(cache.thumbnail(forKey: "x", now: .seconds(30)) == nil)
        #expect(cache.count == 0)
    }
}
