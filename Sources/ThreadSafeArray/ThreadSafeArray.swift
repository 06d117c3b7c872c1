/// An array that any number of threads may use at once (TSA-1…TSA-4).
///
/// Every member takes one lock (a `pthread_mutex_t`; `benchmarks/README.md` says why not
/// `Synchronization.Mutex`), does its work on the stored `Array`, and lets go, so each call is
/// atomic: a reader never sees half of a write, and no append is lost however many threads
/// append together.
///
/// A sequence of calls is *not* atomic. `if array.count > 0 { array.remove(at: 0) }` can trap
/// when another thread empties the array between the two calls; use ``element(at:)``, or arrange
/// that only one thread removes, when that can happen.
///
/// Indices behave exactly as they do on `Array`: the first element is at `0`, and an index
/// outside `0..<count` traps in ``subscript(_:)`` and ``remove(at:)``, just as `Array`'s subscript
/// and `remove(at:)` do. ``element(at:)`` is the non-trapping way in.
///
/// The array is `Sendable` when its elements are. With elements that are not `Sendable` it is
/// still generic over them (TSA-1) and still locks, but Swift keeps the array and its elements in
/// one isolation domain, as it does for any non-`Sendable` value.
///
/// The only code of yours that runs while the lock is held is `Element`'s `==`, in
/// ``contains(_:)``; it must not use the same array. Elements replaced or removed are released
/// after the lock is let go, so an element's `deinit` may use the array.
public final class ThreadSafeArray<Element> {
    /// The only stored property: the elements, reachable only through the lock.
    @usableFromInline
    internal let storage: LockedValue<[Element]>

    /// An empty array.
    @inlinable
    public init() {
        storage = LockedValue([])
    }

    /// An array holding `elements`, in their order.
    @inlinable
    public init(_ elements: some Sequence<Element>) {
        storage = LockedValue(Array(elements))
    }

    // MARK: - Reading

    /// The number of elements (TSA-3).
    @inlinable
    public var count: Int {
        storage.withLock { $0.count }
    }

    /// `true` when the array holds no element (TSA-3).
    @inlinable
    public var isEmpty: Bool {
        storage.withLock { $0.isEmpty }
    }

    /// The element at `index` (TSA-2). Setting it replaces that element in place.
    ///
    /// - Precondition: `index` is in `0..<count`; any other index traps, exactly as `Array`'s
    ///   subscript does. Use ``element(at:)`` to read when the index may be out of bounds.
    /// - Complexity: O(1).
    @inlinable
    public subscript(index: Int) -> Element {
        get {
            storage.withLock { $0[index] }
        }
        set {
            var element = newValue
            // The old element leaves in `element` and is released after the lock is let go.
            storage.withLock { swap(&$0[index], &element) }
        }
    }

    /// The element at `index`, or `nil` when `index` is outside `0..<count`. Never traps.
    ///
    /// The bounds check and the read happen under one lock, so this is safe when other threads
    /// remove elements at the same time.
    @inlinable
    public func element(at index: Int) -> Element? {
        storage.withLock { $0.indices.contains(index) ? $0[index] : nil }
    }

    /// A copy of all the elements, taken at one instant. Later changes to the array do not
    /// change the copy. O(1) until either side is changed (copy-on-write).
    @inlinable
    public var snapshot: [Element] {
        storage.withLock { $0 }
    }

    // MARK: - Writing

    /// Adds `element` at the end (TSA-2).
    /// - Complexity: amortised O(1).
    @inlinable
    public func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    /// Adds `elements` at the end, in their order, in one step: no other call lands among them.
    /// The sequence is read before the lock is taken.
    @inlinable
    public func append(contentsOf elements: some Sequence<Element>) {
        let newElements = Array(elements)
        storage.withLock { $0.append(contentsOf: newElements) }
    }

    /// Removes the element at `index` and returns it; the elements after it move down by one (TSA-2).
    ///
    /// - Precondition: `index` is in `0..<count`; any other index traps, exactly as `Array`'s
    ///   `remove(at:)` does.
    /// - Complexity: O(*n*), where *n* is the number of elements after `index`.
    @inlinable
    @discardableResult
    public func remove(at index: Int) -> Element {
        storage.withLock { $0.remove(at: index) }
    }

    /// Removes every element. They are released after the lock is let go.
    @inlinable
    public func removeAll() {
        // Swapped out under the lock; the returned array is released after `withLock` returns.
        _ = storage.withLock { elements -> [Element] in
            var removed: [Element] = []
            swap(&elements, &removed)
            return removed
        }
    }
}

extension ThreadSafeArray: Sendable where Element: Sendable {}

extension ThreadSafeArray where Element: Equatable {
    /// `true` when some element equals `element` (TSA-2).
    /// - Complexity: O(*n*), under the lock; stops at the first match.
    @inlinable
    public func contains(_ element: Element) -> Bool {
        storage.withLock { $0.contains(element) }
    }
}
