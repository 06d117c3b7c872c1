import Dispatch
import Foundation
import Synchronization
import ThreadSafeArray

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every thread-based contender offers the workloads: the four operations they use.
protocol Contender: AnyObject, Sendable {
    init(_ initial: [Int])
    func append(_ value: Int)
    func element(_ index: Int) -> Int
    var count: Int { get }
    func contains(_ value: Int) -> Bool
    /// Waits until every write issued so far has landed (only the dispatch queue defers them).
    func flush()
}

extension Contender {
    func flush() {}
}

// MARK: - The type under test

/// `ThreadSafeArray<Int>` exactly as the library ships it.
final class ShippedArray: Contender {
    let array: ThreadSafeArray<Int>
    init(_ initial: [Int]) { array = ThreadSafeArray(initial) }
    @inline(__always) func append(_ value: Int) { array.append(value) }
    @inline(__always) func element(_ index: Int) -> Int { array[index] }
    @inline(__always) var count: Int { array.count }
    @inline(__always) func contains(_ value: Int) -> Bool { array.contains(value) }
}

// MARK: - References

/// A bare `Synchronization.Mutex<[Int]>`, written in this module so it is fully specialised.
final class MutexArray: Contender {
    let storage: Mutex<[Int]>
    init(_ initial: [Int]) { storage = Mutex(initial) }
    @inline(__always) func append(_ value: Int) { storage.withLock { $0.append(value) } }
    @inline(__always) func element(_ index: Int) -> Int { storage.withLock { $0[index] } }
    @inline(__always) var count: Int { storage.withLock { $0.count } }
    @inline(__always) func contains(_ value: Int) -> Bool { storage.withLock { $0.contains(value) } }
}

/// Foundation's `NSLock` around a plain array.
final class NSLockArray: Contender, @unchecked Sendable {
    // @unchecked: `elements` is read and written only between `lock.lock()` and `lock.unlock()`.
    private let lock = NSLock()
    private var elements: [Int]
    init(_ initial: [Int]) { elements = initial }
    @inline(__always) private func locked<R>(_ body: (inout [Int]) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&elements)
    }
    @inline(__always) func append(_ value: Int) { locked { $0.append(value) } }
    @inline(__always) func element(_ index: Int) -> Int { locked { $0[index] } }
    @inline(__always) var count: Int { locked { $0.count } }
    @inline(__always) func contains(_ value: Int) -> Bool { locked { $0.contains(value) } }
}

/// A raw `pthread_mutex_t` (default attributes) around an array stored in a class `var`: what
/// NSLock wraps, without Foundation's class in between. `ThreadSafeArray` uses the same mutex but
/// keeps the array behind a pointer; the difference between the two rows is the run-time
/// exclusivity check Swift makes on every `inout` access to a class's `var`.
final class PthreadArray: Contender, @unchecked Sendable {
    // @unchecked: `elements` is read and written only while `mutex` is held; `mutex` is
    // allocated once, never moves, and is destroyed in deinit when no thread can hold it.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var elements: [Int]
    init(_ initial: [Int]) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        elements = initial
    }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
    @inline(__always) private func locked<R>(_ body: (inout [Int]) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&elements)
    }
    @inline(__always) func append(_ value: Int) { locked { $0.append(value) } }
    @inline(__always) func element(_ index: Int) -> Int { locked { $0[index] } }
    @inline(__always) var count: Int { locked { $0.count } }
    @inline(__always) func contains(_ value: Int) -> Bool { locked { $0.contains(value) } }
}

/// The classic Dispatch pattern: a concurrent queue, reads with `sync`, writes with
/// `async(flags: .barrier)`.
final class BarrierQueueArray: Contender, @unchecked Sendable {
    // @unchecked: `elements` is touched only by blocks on `queue`; writers are barriers, so
    // they run alone, and readers only read.
    private let queue = DispatchQueue(label: "benchmark.barrier-array", attributes: .concurrent)
    private var elements: [Int]
    init(_ initial: [Int]) { elements = initial }
    func append(_ value: Int) { queue.async(flags: .barrier) { self.elements.append(value) } }
    func element(_ index: Int) -> Int { queue.sync { elements[index] } }
    var count: Int { queue.sync { elements.count } }
    func contains(_ value: Int) -> Bool { queue.sync { elements.contains(value) } }
    func flush() { queue.sync(flags: .barrier) {} }
}

/// An actor holding the array; the workloads await it from two tasks.
actor ArrayActor {
    private var elements: [Int]
    init(_ initial: [Int]) { elements = initial }
    func append(_ value: Int) { elements.append(value) }
    func element(_ index: Int) -> Int { elements[index] }
    var count: Int { elements.count }
    func contains(_ value: Int) -> Bool { elements.contains(value) }
}


