import Synchronization

/// How many exchanges with one host run at once, and how many of them one party (a device, a
/// token) may hold: the rest wait here, in order, within their own deadline.
///
/// AsyncHTTPClient keeps up to 8 connections per host and queues the rest without regard to who
/// asked, so one device whose answers stall could hold every connection and starve everyone else.
/// With a share of 2 in 8, it holds at most 2; other parties keep the other 6. Because nothing
/// beyond the host limit ever reaches AsyncHTTPClient, its own queue never fills, and a request
/// that waited here and ran out of time fails as `UpstreamFailure.busy` (a local wait), never as
/// the host's fault. The thumbnail pipeline bounds its cold fetches with one too.
public final class ConnectionShares: Sendable {
    public struct Limits: Sendable, Hashable {
        public var perHost: Int
        public var perParty: Int

        public init(perHost: Int, perParty: Int) {
            self.perHost = perHost
            self.perParty = perParty
        }
    }

    private struct Waiter {
        let id: Int
        let host: String
        let party: String?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running: [String: Int] = [:]
        var runningByParty: [String: Int] = [:]
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let limits: Limits
    private let state = Mutex(State())

    public init(limits: Limits) {
        precondition(limits.perHost > 0 && limits.perParty > 0)
        self.limits = limits
    }

    /// Whether a call got its turn: a caller racing a deadline tells from it whether the deadline
    /// came while it waited here (a local wait, `.busy`) or while it was being answered.
    public final class Turn: Sendable {
        private let taken = Mutex(false)
        public init() {}
        public var wasTaken: Bool { taken.withLock { $0 } }
        fileprivate func take() { taken.withLock { $0 = true } }
    }

    /// Runs `body` once a slot for `host` (and for `party`, when one is named) is free; the slot
    /// is given back when `body` ends, however it ends, or when `deadline` returns, whichever comes
    /// first. Waiting ends with `CancellationError` when the task is cancelled (the caller's
    /// deadline); a slot that comes with the cancellation is no turn. `turn`, when given, records
    /// that the body started.
    ///
    /// `deadline` returns when the caller's deadline has passed (it is cancelled once `body` ends).
    /// A body that does not end with its deadline (an answer stalled mid-body whose read does not
    /// heed the cancellation, a stand-in that never lets go) then no longer holds the party's
    /// share: its slot comes back at the deadline all the same (issue 33, item 3), and the body
    /// ends on its own without it.
    public func withSlot<Value>(
        host: String, party: String?, turn: Turn? = nil, deadline: (@Sendable () async throws -> Void)? = nil,
        _ body: () async throws -> Value
    ) async throws -> Value {
        try await acquire(host: host, party: party)
        let slot = HeldSlot()
        let giveBack: @Sendable () -> Void = { [self] in
            if slot.end() { release(host: host, party: party) }
        }
        let expiry = deadline.map { deadline in
            Task {
                do {
                    try await deadline()
                } catch {
                    return  // cancelled: the body ended first and gave the slot back
                }
                giveBack()
            }
        }
        defer {
            expiry?.cancel()
            giveBack()
        }
        try Task.checkCancellation()
        turn?.take()
        return try await body()
    }

    /// How many slots are taken for `party` with `host` (for tests and logs).
    public func running(host: String, party: String) -> Int {
        state.withLock { $0.runningByParty[Self.key(host, party), default: 0] }
    }

    /// How many exchanges are running with `host` (for tests and logs).
    public func running(host: String) -> Int {
        state.withLock { $0.running[host, default: 0] }
    }

    /// One slot, given back once: by the body's end or by its deadline, whichever comes first.
    private final class HeldSlot: Sendable {
        private let held = Mutex(true)
        /// True the first time only.
        func end() -> Bool { held.withLock { held in defer { held = false }; return held } }
    }

    private func acquire(host: String, party: String?) async throws {
        let id = state.withLock { state -> Int? in
            if state.waiters.isEmpty || !state.waiters.contains(where: { $0.host == host }), fits(host, party, in: state) {
                take(host, party, in: &state)
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    state.waiters.append(Waiter(id: id, host: host, party: party, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume(throwing: CancellationError()) }
                else { admitWaiters() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    private func release(host: String, party: String?) {
        state.withLock { state in
            Self.decrement(&state.running, host)
            if let party { Self.decrement(&state.runningByParty, Self.key(host, party)) }
        }
        admitWaiters()
    }

    /// Starts every waiter that now fits, oldest first; a waiter whose party is at its share
    /// does not hold up the parties behind it.
    private func admitWaiters() {
        let admitted = state.withLock { state -> [Waiter] in
            var admitted: [Waiter] = []
            var index = 0
            while index < state.waiters.count {
                let waiter = state.waiters[index]
                if fits(waiter.host, waiter.party, in: state) {
                    take(waiter.host, waiter.party, in: &state)
                    admitted.append(state.waiters.remove(at: index))
                } else {
                    index += 1
                }
            }
            return admitted
        }
        for waiter in admitted { waiter.continuation.resume() }
    }

    private func fits(_ host: String, _ party: String?, in state: State) -> Bool {
        guard state.running[host, default: 0] < limits.perHost else { return false }
        guard let party else { return true }
        return state.runningByParty[Self.key(host, party), default: 0] < limits.perParty
    }

    private func take(_ host: String, _ party: String?, in state: inout State) {
        state.running[host, default: 0] += 1
        if let party { state.runningByParty[Self.key(host, party), default: 0] += 1 }
    }

    /// Counts that reach zero go, so parties that came once leave nothing behind.
    private static func decrement(_ counts: inout [String: Int], _ key: String) {
        let left = counts[key, default: 1] - 1
        counts[key] = left > 0 ? left : nil
    }

    private static func key(_ host: String, _ party: String) -> String { host + " " + party }
}
