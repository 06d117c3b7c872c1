#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#else
#error("ThreadSafeArray needs POSIX threads (pthread_mutex_t)")
#endif

/// A value guarded by a `pthread_mutex_t`: the lock under ``ThreadSafeArray``.
///
/// Why not `Synchronization.Mutex`: on Linux its contended path is a PI futex inside
/// libswiftSynchronization, which ThreadSanitizer cannot see, so `swift test --sanitize=thread`
/// reports false data races on whatever a contended `Mutex` guards; its `sending`-based API
/// forces an unchecked workaround on a container generic over non-`Sendable` elements; and with
/// two threads contending on two cores, a `pthread_mutex_t` held like this was faster than a bare
/// `Mutex`. Figures and the full reasoning: `benchmarks/README.md`.
///
/// The mutex and the value each live in their own fixed heap cell, reached through `let`
/// pointers: their addresses never change (pthread mutexes must not move), and `body` gets the
/// value `inout` through a pointer, so no run-time exclusivity check is paid on each access.
@usableFromInline
final class LockedValue<Value> {
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    let value: UnsafeMutablePointer<Value>

    @inlinable
    init(_ initialValue: consuming Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed with error \(result)")
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        // No other reference exists any more, so no thread can hold or wait for the mutex.
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` on the value while holding the mutex, and returns what `body` returns.
    ///
    /// The mutex is not recursive: `body` must not use this `LockedValue` again.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed with error \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "pthread_mutex_unlock failed with error \(unlocked)")
        }
        return try body(&value.pointee)
    }
}

/// `@unchecked` because the compiler cannot see the mutex. The invariant that makes it sound:
///
/// - `value.pointee` is read or written only inside `withLock`, between `pthread_mutex_lock`
///   and `pthread_mutex_unlock` on `mutex`, so no two threads ever touch it at once, and each
///   lock/unlock pair orders one thread's accesses before the next thread's;
/// - `mutex` and `value` are `let`s set once in `init` and freed only in `deinit`;
/// - the conformance exists only when `Value: Sendable`, so what `withLock` hands out or takes
///   in may itself cross threads. A `LockedValue` of a non-`Sendable` value stays non-`Sendable`,
///   and the compiler keeps it in one isolation domain.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
