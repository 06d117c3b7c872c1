/// One piece of work per key however many ask at once (PH-4, PH-10), like Nuke's task coalescing:
/// the first request for a key starts the operation in a task of its own, later requests for the
/// same key wait for that task, and all of them get its value. A waiter that is cancelled stops
/// waiting at once (throwing `CancellationError`) while the operation carries on for the others, and
/// to completion even with no one left, so its result still reaches the caches.
public actor RequestCoalescer<Key: Hashable & Sendable, Value: Sendable> {
    private struct Flight {
        var waiters: [UInt64: CheckedContinuation<Value?, Never>] = [:]
    }

    private var flights: [Key: Flight] = [:]
    private var nextWaiter: UInt64 = 0

    public init() {}

    /// The value of `operation` for `key`, run once for every request that arrives while it runs.
    public func value(for key: Key, operation: @escaping @Sendable () async -> Value) async throws(CancellationError) -> Value {
        let id = nextWaiter
        nextWaiter += 1
        let value: Value? = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                guard !Task.isCancelled else {
                    continuation.resume(returning: nil)
                    return
                }
                if flights[key] == nil {
                    flights[key] = Flight()
                    Task {
                        let value = await operation()
                        self.land(key, with: value)
                    }
                }
                flights[key]?.waiters[id] = continuation
            }
        } onCancel: {
            Task { await self.stopWaiting(key, id) }
        }
        guard let value else { throw CancellationError() }
        return value
    }

    /// How many requests wait for `key` now; 0 when nothing runs for it.
    public func waiterCount(for key: Key) -> Int {
        flights[key]?.waiters.count ?? 0
    }

    /// How many keys have an operation running.
    public var inFlightCount: Int { flights.count }

    private func land(_ key: Key, with value: Value) {
        guard let flight = flights.removeValue(forKey: key) else { return }
        for waiter in flight.waiters.values { waiter.resume(returning: value) }
    }

    private func stopWaiting(_ key: Key, _ id: UInt64) {
        flights[key]?.waiters.removeValue(forKey: id)?.resume(returning: nil)
    }
}
