import Dispatch
import Foundation
import Synchronization

/// Runs `body(0)` … `body(count - 1)` on `count` new OS threads (Foundation `Thread`), released
/// together once every thread has started, and returns when all of them have finished.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (_ worker: Int) -> Void) {
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    for worker in 0..<count {
        ready.enter()
        done.enter()
        let thread = Thread {
            ready.leave()
            go.wait()
            body(worker)
            done.leave()
        }
        thread.start()
    }
    ready.wait()
    for _ in 0..<count {
        go.signal()
    }
    done.wait()
}

/// Collects what workers report, independently of the type under test.
final class Reports<Value: Sendable>: Sendable {
    private let values = Mutex<[Int: Value]>([:])

    func set(_ value: Value, for worker: Int) {
        values.withLock { $0[worker] = value }
    }

    /// The reports, ordered by worker.
    var all: [Value] {
        values.withLock { values in values.keys.sorted().map { values[$0]! } }
    }
}

/// Counts broken expectations seen on worker threads, to be checked on the test's own thread.
final class Violations: Sendable {
    private let messages = Mutex<[String]>([])

    func record(_ message: String) {
        messages.withLock { $0.append(message) }
    }

    var all: [String] {
        messages.withLock { $0 }
    }
}

/// How `actual` differs from `expected`, counted as multisets, in one short line; `nil` when
/// they hold the same values the same number of times. Keeps failure messages readable when the
/// arrays hold tens of thousands of elements.
func difference(_ actual: some Sequence<Int>, from expected: some Sequence<Int>) -> String? {
    var balance: [Int: Int] = [:]
    for value in expected {
        balance[value, default: 0] += 1
    }
    for value in actual {
        balance[value, default: 0] -= 1
    }
    let missing = balance.filter { $0.value > 0 }.keys.sorted()
    let extra = balance.filter { $0.value < 0 }.keys.sorted()
    if missing.isEmpty && extra.isEmpty {
        return nil
    }
    return "\(missing.count) value(s) missing \(missing.prefix(5)), \(extra.count) unexpected or repeated \(extra.prefix(5))"
}

/// `true` when every value is greater than the one before it.
func isStrictlyIncreasing(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
}
