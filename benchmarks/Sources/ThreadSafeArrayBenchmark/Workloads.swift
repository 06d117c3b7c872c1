import Dispatch
import Foundation

/// The two workloads. Both run on exactly two threads (or, for the actor, two tasks).
enum Workload: String, CaseIterable {
    /// Two threads append `opsPerThread` elements each to an empty array.
    case append
    /// Two threads each run `opsPerThread` operations on an array that starts with 0..<64:
    /// 20% `append`, 30% subscript read at an index < 64, 20% `count`, 30% `contains` of a value
    /// < 16 (found within the first 16 elements, so every `contains` stays cheap however long
    /// the appends make the array).
    case mixed

    static let threads = 2
    static let prefill = Array(0..<64)

    var title: String {
        switch self {
        case .append: "(a) 2 threads appending"
        case .mixed: "(b) 2 threads, 80% reads / 20% appends"
        }
    }

    var initial: [Int] {
        self == .append ? [] : Self.prefill
    }

    /// The count every contender must end with: a check that nothing was lost.
    func expectedCount(opsPerThread: Int) -> Int {
        switch self {
        case .append: Self.threads * opsPerThread
        case .mixed: Self.prefill.count + Self.threads * Self.appends(in: opsPerThread)
        }
    }

    static func appends(in ops: Int) -> Int {
        (0..<ops).reduce(0) { $0 + (isAppend($1) ? 1 : 0) }
    }

    @inline(__always) static func isAppend(_ step: Int) -> Bool {
        let slot = step % 10
        return slot == 0 || slot == 5
    }
}

/// One thread's share of a workload. Returns a checksum of what it read, so no read is optimised away.
@inline(__always)
func runShare<C: Contender>(_ workload: Workload, on contender: C, thread: Int, ops: Int) -> Int {
    var checksum = 0
    switch workload {
    case .append:
        let base = thread * ops
        for step in 0..<ops {
            contender.append(base &+ step)
        }
    case .mixed:
        for step in 0..<ops {
            switch step % 10 {
            case 0, 5: contender.append(step)
            case 1, 4, 8: checksum &+= contender.element(step & 63)
            case 2, 6: checksum &+= contender.count
            default: checksum &+= contender.contains(step & 15) ? 1 : 0
            }
        }
    }
    return checksum
}

struct Measurement {
    var seconds: Double
    var finalCount: Int
    var checksum: Int
}

/// Runs `workload` on two OS threads, each pinned to its own core and released together; times
/// from the release until both threads are done and every write has landed.
func measureThreads<C: Contender>(_ type: C.Type, _ workload: Workload, opsPerThread: Int) -> Measurement {
    let contender = C(workload.initial)
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    let checksums = ChecksumBox()
    let pin = pinThreads
    for thread in 0..<Workload.threads {
        ready.enter()
        done.enter()
        Thread {
            if pin {
                pinCurrentThread(toAllowedCPU: thread)
            }
            ready.leave()
            go.wait()
            checksums.add(runShare(workload, on: contender, thread: thread, ops: opsPerThread))
            done.leave()
        }.start()
    }
    ready.wait()
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<Workload.threads {
        go.signal()
    }
    done.wait()
    contender.flush()
    let elapsed = clock.now - start
    return Measurement(seconds: elapsed.seconds, finalCount: contender.count, checksum: checksums.total)
}

/// Runs `workload` on an actor from two tasks; times from starting the tasks until both are done.
func measureActor(_ workload: Workload, opsPerThread: Int) async -> Measurement {
    let actor = ArrayActor(workload.initial)
    let clock = ContinuousClock()
    let start = clock.now
    let checksum = await withTaskGroup(of: Int.self) { group in
        for thread in 0..<Workload.threads {
            group.addTask {
                var checksum = 0
                switch workload {
                case .append:
                    let base = thread * opsPerThread
                    for step in 0..<opsPerThread {
                        await actor.append(base &+ step)
                    }
                case .mixed:
                    for step in 0..<opsPerThread {
                        switch step % 10 {
                        case 0, 5: await actor.append(step)
                        case 1, 4, 8: checksum &+= await actor.element(step & 63)
                        case 2, 6: checksum &+= await actor.count
                        default: checksum &+= await actor.contains(step & 15) ? 1 : 0
                        }
                    }
                }
                return checksum
            }
        }
        return await group.reduce(0, &+)
    }
    let elapsed = clock.now - start
    return Measurement(seconds: elapsed.seconds, finalCount: await actor.count, checksum: checksum)
}

final class ChecksumBox: @unchecked Sendable {
    // @unchecked: `value` is touched only under `lock`.
    private let lock = NSLock()
    private var value = 0
    func add(_ amount: Int) {
        lock.lock()
        value &+= amount
        lock.unlock()
    }
    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
