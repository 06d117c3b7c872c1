import Caching
import TestDoubles
import Testing

@Suite("Request coalescing (PH-4, PH-10)")
struct RequestCoalescerTests {
    @Test("100 concurrent requests for one key run the operation once")
    func hundredWaitersOneRun() async throws {
        let coalescer = RequestCoalescer<String, Int>()
        let runs = Counter()
        let gate = Gate()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    try await coalescer.value(for: "k") {
                        runs.increment()
                        await gate.wait()
                        return 42
                    }
                }
            }
            await eventually { await coalescer.waiterCount(for: "k") == 100 }
            gate.open()
            var values: [Int] = []
            for try await value in group { values.append(value) }
            #expect(values == Array(repeating: 42, count: 100))
        }
        #expect(runs.count == 1)
        #expect(await coalescer.inFlightCount == 0)
    }

    @Test("a cancelled waiter stops waiting; the shared work goes on for the others")
    func cancellationIsPerWaiter() async throws {
        let coalescer = RequestCoalescer<String, Int>()
        let runs = Counter()
        let gate = Gate()
        let operation: @Sendable () async -> Int = {
            runs.increment()
            await gate.wait()
            return 7
        }
        let cancelled = Task { try await coalescer.value(for: "k", operation: operation) }
        let kept = Task { try await coalescer.value(for: "k", operation: operation) }
        await eventually { await coalescer.waiterCount(for: "k") == 2 }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(await coalescer.waiterCount(for: "k") == 1)
        gate.open()
        #expect(try await kept.value == 7)
        #expect(runs.count == 1)
    }

    @Test("different keys run separately; a later request after completion runs again")
    func keysAreSeparate() async throws {
        let coalescer = RequestCoalescer<String, String>()
        let runs = Counter()
        #expect(try await coalescer.value(for: "a") { runs.increment(); return "A" } == "A")
        #expect(try await coalescer.value(for: "b") { runs.increment(); return "B" } == "B")
        #expect(try await coalescer.value(for: "a") { runs.increment(); return "A2" } == "A2")
        #expect(runs.count == 3)
    }
}
