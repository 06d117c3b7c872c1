/// A cost-bounded least-recently-used cache, the structure under Photos' thumbnails (PH-4, PH-10)
/// and GitHub's rendered READMEs: a dictionary from key to slot and a doubly linked recency list threaded
/// through an array of slots by index, so lookup, insertion, promotion and eviction are O(1) and
/// freed slots are reused. Not synchronized: an owner (a `Mutex`, an actor) guards it.
public struct LRUCache<Key: Hashable, Value> {
    fileprivate struct Slot {
        var key: Key?
        var value: Value?
        var cost: Int
        var newer: Int
        var older: Int
    }

    private static var none: Int { -1 }

    /// The most total cost the cache holds; inserting beyond it evicts the least recently used.
    public let capacity: Int
    public private(set) var totalCost = 0
    fileprivate var slots: [Slot] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest = LRUCache.none
    private var oldest = LRUCache.none

    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    public var count: Int { index.count }
    public var isEmpty: Bool { index.isEmpty }

    /// The value for `key`, which becomes the most recently used.
    public mutating func value(forKey key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        promote(slot)
        return slots[slot].value
    }

    /// The value for `key` without changing the order.
    public func peek(_ key: Key) -> Value? {
        index[key].flatMap { slots[$0].value }
    }

    /// Stores `value` as the most recently used and evicts the least recently used until the total
    /// cost fits. A value costing more than the whole capacity is not kept (and replaces nothing:
    /// an older value for `key` is removed). Returns the keys evicted, oldest first.
    @discardableResult
    public mutating func insert(_ value: Value, forKey key: Key, cost: Int) -> [Key] {
        let cost = max(0, cost)
        removeValue(forKey: key)
        guard cost <= capacity else { return [] }
        var evicted: [Key] = []
        while totalCost + cost > capacity, oldest != Self.none, let key = slots[oldest].key {
            evicted.append(key)
            removeValue(forKey: key)
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            slots[slot] = Slot(key: key, value: value, cost: cost, newer: Self.none, older: Self.none)
        } else {
            slot = slots.count
            slots.append(Slot(key: key, value: value, cost: cost, newer: Self.none, older: Self.none))
        }
        index[key] = slot
        totalCost += cost
        linkAsNewest(slot)
        return evicted
    }

    /// Removes the value for `key`; returns it.
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        unlink(slot)
        let value = slots[slot].value
        totalCost -= slots[slot].cost
        slots[slot].key = nil
        slots[slot].value = nil
        slots[slot].cost = 0
        free.append(slot)
        return value
    }

    public mutating func removeAll() {
        self = LRUCache(capacity: capacity)
    }

    /// The keys from the most to the least recently used.
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(count)
        var slot = newest
        while slot != Self.none {
            if let key = slots[slot].key { keys.append(key) }
            slot = slots[slot].older
        }
        return keys
    }

    private mutating func promote(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = Self.none
        if newest != Self.none { slots[newest].newer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer != Self.none { slots[newer].older = older } else { newest = older }
        if older != Self.none { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = Self.none
        slots[slot].older = Self.none
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Slot: Sendable where Key: Sendable, Value: Sendable {}
