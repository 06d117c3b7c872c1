import TestDoubles
import Testing
import Upstream

/// Issue 33, item 3, at the shares themselves: the slot of an exchange comes back at its deadline
/// whatever the exchange does, even a body that never heeds its cancellation.
@Suite("ConnectionShares: a slot comes back at its deadline")
struct ConnectionSharesDeadlineTests {
    @Test("bodies stalled past their deadline, deaf to cancellation, give their party's share back at the deadline")
    func stalledBodiesGiveTheirShareBack() async throws {
        let shares = ConnectionShares(limits: .init(perHost: 8, perParty: 2))
        let stall = Gate()
        let deadline: @Sendable () async throws -> Void = { try await Task.sleep(for: .milliseconds(300)) }
        let stalled = (0..<2).map { _ in
            Task { try await shares.withSlot(host: "h", party: "A", deadline: deadline) { await stall.wait() } }
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(shares.running(host: "h", party: "A") == 2)

        // The party's next exchange gets a turn once the stalled ones' deadline has passed.
        let next = Task { try await shares.withSlot(host: "h", party: "A", deadline: deadline) { "served" } }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            next.cancel()  // without the fix it would wait forever
        }
        let served = try? await next.value
        watchdog.cancel()
        #expect(served == "served", "the party was locked out by bodies past their deadline")
        // Both stalled slots have come back (the second one's deadline may fire a moment later).
        for _ in 0..<100 where shares.running(host: "h", party: "A") > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(shares.running(host: "h", party: "A") == 0, "the stalled bodies hold no share")

        // When the stalled bodies end at last, nothing is given back twice: the share is still 2.
        stall.open()
        for task in stalled { _ = try await task.value }
        #expect(shares.running(host: "h") == 0)
        let gate = Gate()
        let two = (0..<2).map { _ in Task { try await shares.withSlot(host: "h", party: "A") { await gate.wait() } } }
        try await Task.sleep(for: .milliseconds(100))
        let third = Task { try await shares.withSlot(host: "h", party: "A") { "third" } }
        try await Task.sleep(for: .milliseconds(200))
        #expect(shares.running(host: "h", party: "A") == 2, "a third waits: the share is not widened")
        gate.open()
        for task in two { _ = try await task.value }
        #expect(try await third.value == "third")
    }

    @Test("a body that ends before its deadline gives its slot back at once, and the deadline gives nothing back later")
    func bodyEndingFirst() async throws {
        let shares = ConnectionShares(limits: .init(perHost: 1, perParty: 1))
        let value = try await shares.withSlot(host: "h", party: "A", deadline: { try await Task.sleep(for: .milliseconds(100)) }) { 7 }
        #expect(value == 7)
        #expect(shares.running(host: "h") == 0)
        let gate = Gate()
        let holder = Task { try await shares.withSlot(host: "h", party: "B") { await gate.wait() } }
        try await Task.sleep(for: .milliseconds(300))  // the first call's deadline passes meanwhile
        #expect(shares.running(host: "h") == 1, "the earlier deadline did not give back B's slot")
        gate.open()
        _ = try await holder.value
    }
}
