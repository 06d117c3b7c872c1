import Photos
import TestDoubles
import Testing
import Upstream

@Suite("Fetch timeout, by the injected clock (PH-4, PH-10)")
struct FetchTimeoutTests {
    @Test("the timeout wins against a hung operation, by the injected clock")
    func timeout() async {
        let clock = ManualClock()
        let task = Task {
            try await withFetchTimeout(.seconds(5), clock: clock) {
                try await Task.sleep(for: .seconds(86_400))
                return 1
            }
        }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        await #expect(throws: UpstreamFailure.timedOut) { try await task.value }
    }

    @Test("an operation that finishes in time returns its value and leaves no sleeper")
    func noTimeout() async throws {
        let clock = ManualClock()
        #expect(try await withFetchTimeout(.seconds(5), clock: clock) { 3 } == 3)
        #expect(clock.sleeperCount == 0)
        await #expect(throws: UpstreamFailure.notFound) {
            try await withFetchTimeout(.seconds(5), clock: clock) { () async throws -> Int in throw UpstreamFailure.notFound }
        }
    }
}
