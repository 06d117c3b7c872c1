import Caching
import Testing

@Suite("LRUCache: cost-bounded, least recently used first (PH-4, PH-10)")
struct LRUCacheTests {
    @Test("the least recently used goes first, and a read makes an entry recent")
    func evictionOrder() {
        var cache = LRUCache<String, Int>(capacity: 30)
        cache.insert(1, forKey: "a", cost: 10)
        cache.insert(2, forKey: "b", cost: 10)
        cache.insert(3, forKey: "c", cost: 10)
        #expect(cache.keysByRecency == ["c", "b", "a"])
        #expect(cache.value(forKey: "a") == 1)
        #expect(cache.keysByRecency == ["a", "c", "b"])
        #expect(cache.insert(4, forKey: "d", cost: 10) == ["b"])
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.insert(5, forKey: "e", cost: 25) == ["c", "a", "d"])
        #expect(cache.keysByRecency == ["e"])
        #expect(cache.totalCost == 25)
    }

    @Test("the total cost never exceeds the capacity")
    func bound() {
        var cache = LRUCache<Int, [UInt8]>(capacity: 1_000)
        for key in 0..<500 {
            let cost = (key * 37) % 200 + 1
            cache.insert([UInt8](repeating: 0, count: cost), forKey: key, cost: cost)
            #expect(cache.totalCost <= 1_000)
        }
        #expect(cache.peek(499) != nil)
        #expect(cache.peek(0) == nil)
    }

    @Test("replacing a key recharges it; an entry over capacity is not kept; removal frees")
    func replaceAndOversize() {
        var cache = LRUCache<String, Int>(capacity: 20)
        cache.insert(1, forKey: "a", cost: 5)
        cache.insert(2, forKey: "a", cost: 15)
        #expect(cache.totalCost == 15)
        #expect(cache.count == 1)
        cache.insert(3, forKey: "a", cost: 21)
        #expect(cache.peek("a") == nil)
        #expect(cache.totalCost == 0)
        cache.insert(4, forKey: "b", cost: 5)
        #expect(cache.removeValue(forKey: "b") == 4)
        #expect(cache.isEmpty)
        cache.insert(5, forKey: "c", cost: 20)
        #expect(cache.keysByRecency == ["c"])
    }
}
