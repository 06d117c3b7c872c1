import Dispatch
import Testing
import ThreadSafeArray

/// Several OS threads at once (TSA-4). Sizes are large enough that the threads really overlap
/// (with the lock taken out, these tests lose elements or crash), and small enough for
/// ThreadSanitizer to finish each test in about a second. Every check is on the final state or on
/// an invariant that holds at every instant, never on timing.
@Suite("ThreadSafeArray under concurrent use")
struct ConcurrencyTests {
    @Test("Appends from many workers are all kept, each worker's in its own order")
    func concurrentAppendsLoseNothing() {
        let workers = 4
        let perWorker = 25_000
        let array = ThreadSafeArray<Int>()
        let violations = Violations()

        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let base = worker * perWorker
            for offset in 0..<perWorker {
                array.append(base + offset)
                // What this thread has appended is there at once, whatever the others do.
                if offset % 2_500 == 0, !array.contains(base + offset) {
                    violations.record("worker \(worker) cannot find \(base + offset)")
                }
            }
        }

        #expect(violations.all == [])
        #expect(array.count == workers * perWorker)
        let elements = array.snapshot
        #expect(difference(elements, from: 0..<(workers * perWorker)) == nil)
        for worker in 0..<workers {
            let ordered = isStrictlyIncreasing(elements.filter { $0 / perWorker == worker })
            #expect(ordered, "worker \(worker)'s elements are out of order")
        }
    }

    @Test("Readers on their own threads see a consistent array while writers append")
    func readersWhileWritersAppend() {
        let writers = 2
        let readers = 2
        let perWriter = 25_000
        let total = writers * perWriter
        let array = ThreadSafeArray<Int>()
        let violations = Violations()

        runOnThreads(writers + readers) { worker in
            if worker < writers {
                for offset in 0..<perWriter {
                    array.append(worker * perWriter + offset)
                }
                return
            }
            // Append-only phase: a count never goes down, and every index below a count seen
            // stays readable.
            var lastCount = 0
            for _ in 0..<5_000 {
                let count = array.count
                if count < lastCount {
                    violations.record("count went down from \(lastCount) to \(count)")
                }
                lastCount = count
                if count > 0 {
                    let last = array[count - 1]
                    if !(0..<total).contains(last) {
                        violations.record("read \(last), which nobody appended")
                    }
                    if array.element(at: count - 1) == nil {
                        violations.record("element(at: \(count - 1)) was nil after count \(count)")
                    }
                    if array.isEmpty {
                        violations.record("isEmpty after count \(count)")
                    }
                }
                if array.element(at: total) != nil {
                    violations.record("an element past the last possible index")
                }
            }
        }

        #expect(violations.all == [])
        #expect(array.count == total)
        #expect(difference(array.snapshot, from: 0..<total) == nil)
    }

    @Test("Concurrent removals take every element exactly once")
    func concurrentRemovalsTakeEachElementOnce() {
        let workers = 4
        let perWorker = 2_500
        let total = workers * perWorker
        let array = ThreadSafeArray(0..<total)
        let removed = Reports<[Int]>()

        // Each worker removes exactly perWorker times, so index 0 is always valid.
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [Int] = []
            mine.reserveCapacity(perWorker)
            for _ in 0..<perWorker {
                mine.append(array.remove(at: 0))
            }
            removed.set(mine, for: worker)
        }

        #expect(array.isEmpty)
        #expect(array.count == 0)
        let reports = removed.all
        #expect(reports.count == workers)
        for (worker, mine) in reports.enumerated() {
            // Taken from the front, so each worker sees increasing values.
            let ordered = isStrictlyIncreasing(mine)
            #expect(ordered, "worker \(worker) took elements out of order")
            #expect(mine.count == perWorker)
        }
        #expect(difference(reports.flatMap { $0 }, from: 0..<total) == nil)
    }

    @Test("Mixed appends, removals and reads keep every invariant")
    func mixedLoadKeepsInvariants() {
        let prefill = 10_000
        let removers = 2, appenders = 2, readers = 2
        let removalsPerWorker = 2_500
        let appendsPerWorker = 5_000
        let appendBase = 1_000_000
        let array = ThreadSafeArray(0..<prefill)
        let removed = Reports<[Int]>()
        let violations = Violations()
        // Removals never exceed the prefill, so at every instant the array holds at least this
        // many elements, and the last `floor` of the prefill are never removed.
        let floor = prefill - removers * removalsPerWorker
        let ceiling = prefill + appenders * appendsPerWorker

        runOnThreads(removers + appenders + readers) { worker in
            switch worker {
            case 0..<removers:
                var mine: [Int] = []
                for _ in 0..<removalsPerWorker {
                    mine.append(array.remove(at: 0))
                }
                removed.set(mine, for: worker)
            case removers..<(removers + appenders):
                let base = appendBase + (worker - removers) * appendsPerWorker
                for offset in 0..<appendsPerWorker {
                    array.append(base + offset)
                }
            default:
                for step in 0..<5_000 {
                    let count = array.count
                    if count < floor || count > ceiling {
                        violations.record("count \(count) outside \(floor)...\(ceiling)")
                    }
                    let first = array[0]
                    if !(0..<prefill).contains(first) {
                        violations.record("first element \(first) is not from the prefill")
                    }
                    if array[floor - 1] >= appendBase {
                        violations.record("an appended element came before the prefill's survivors")
                    }
                    if step % 100 == 0, !array.contains(prefill - 1) {
                        violations.record("lost \(prefill - 1)")
                    }
                    if array.element(at: ceiling) != nil || array.isEmpty {
                        violations.record("impossible read")
                    }
                }
            }
        }

        #expect(violations.all == [])
        #expect(array.count == floor + appenders * appendsPerWorker)
        #expect(difference(removed.all.flatMap { $0 }, from: 0..<(prefill - floor)) == nil)
        let remaining = array.snapshot
        #expect(difference(remaining.prefix(floor), from: (prefill - floor)..<prefill) == nil)
        let appended = Array(remaining.dropFirst(floor))
        #expect(difference(appended, from: appendBase..<(appendBase + appenders * appendsPerWorker)) == nil)
        for appender in 0..<appenders {
            let base = appendBase + appender * appendsPerWorker
            let ordered = isStrictlyIncreasing(appended.filter { (base..<(base + appendsPerWorker)).contains($0) })
            #expect(ordered, "appender \(appender)'s elements are out of order")
        }
    }

    @Test("Writes through the subscript to disjoint indices are all kept")
    func disjointSubscriptWrites() {
        let workers = 4
        let size = 64
        let rounds = 500
        let array = ThreadSafeArray(repeatElement(0, count: size))

        runOnThreads(workers) { worker in
            for _ in 0..<rounds {
                for index in stride(from: worker, to: size, by: workers) {
                    array[index] = array[index] + 1
                }
            }
        }

        #expect(array.snapshot == Array(repeating: rounds, count: size))
    }

    @Test("removeAll() racing appends leaves only whole, ordered runs of appends")
    func removeAllWhileAppending() {
        let appenders = 3
        let perWorker = 10_000
        let array = ThreadSafeArray<Int>()

        runOnThreads(appenders + 1) { worker in
            if worker == appenders {
                for _ in 0..<200 {
                    array.removeAll()
                }
                return
            }
            for offset in 0..<perWorker {
                array.append(worker * perWorker + offset)
            }
        }

        // Whatever survived the last removeAll() is, per appender, a run of consecutive
        // values ending at that appender's last one.
        let remaining = array.snapshot
        #expect(remaining.count == array.count)
        for worker in 0..<appenders {
            let last = (worker + 1) * perWorker
            let own = remaining.filter { $0 / perWorker == worker }
            let isTail = own.isEmpty || own == Array((last - own.count)..<last)
            #expect(isTail, "appender \(worker) kept \(own.count) elements that are not its last ones in order")
        }
    }
}

/// TSA-5, run the way the command-line demo and the web page run it.
@Suite("ThreadSafeArrayDemo")
struct DemoTests {
    @Test("The demo always counts 2002", arguments: 1...20)
    func demoCounts2002(run: Int) {
        #expect(ThreadSafeArrayDemo.expectedCount == 2002)
        #expect(ThreadSafeArrayDemo.run().count == 2002)
    }
}
