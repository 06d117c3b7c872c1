import Foundation
import Habits
import HabitReminders
import Logging
import Synchronization
import WebPush

/// A backend under test, seeded: its dispatch store, and what the benchmark reads beside it.
protocol Backend: Sendable {
    var name: String { get }
    var dispatch: any ReminderDispatchStore { get }
    /// Reminders whose due instant is not worked out yet.
    func unscheduled() async throws -> Int
    func analyze() async throws
    /// Each due-row statement's plan, for `now` and `limit`.
    func plans(at now: Date, limit: Int) async throws -> [(String, [String])]
    func close() async throws
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The backend's store as the scheduler sees it, timing each `claimDue` and keeping what it gave.
final class TimedDispatch: ReminderDispatchStore {
    struct State {
        var claimTime: Duration = .zero
        var claims: [DueReminder] = []
    }

    let inner: any ReminderDispatchStore
    let state = Mutex(State())

    init(_ inner: any ReminderDispatchStore) { self.inner = inner }

    func claimDue(at now: Date, limit: Int) async throws -> [DueReminder] {
        let start = ContinuousClock.now
        let claimed = try await inner.claimDue(at: now, limit: limit)
        let elapsed = ContinuousClock.now - start
        state.withLock {
            $0.claimTime += elapsed
            $0.claims += claimed
        }
        return claimed
    }

    func deleteSubscription(endpoint: String) async throws {
        try await inner.deleteSubscription(endpoint: endpoint)
    }

    /// The claims and claim time since the last call.
    func take() -> State { state.withLock { state in defer { state = State() }; return state } }
}

/// A push service that answers "delivered" at once: no network, no encryption, only a count.
final class CountingSender: PushSending {
    let sent = Mutex(0)

    func send(_ message: PushMessage, to subscription: PushSubscription, attempt: Int) async throws -> PushOutcome {
        sent.withLock { $0 += 1 }
        return .delivered
    }
}

/// The scheduler's clock, stepped by hand.
final class SimulatedClock: Sendable {
    private let date: Mutex<Date>
    init(_ start: Date) { date = Mutex(start) }
    var now: Date { date.withLock { $0 } }
    func set(_ now: Date) { date.withLock { $0 = now } }
}

/// The scheduler on one backend, its clock stepped by hand.
final class Simulation: Sendable {
    struct TickFigure {
        let at: Date
        let claimed: Int
        let claimTime: Duration
        let tickTime: Duration
    }

    let backend: any Backend
    let dispatch: TimedDispatch
    let sender: CountingSender
    let clock: SimulatedClock
    let scheduler: ReminderScheduler

    init(backend: any Backend, startingAt start: Date, logger: Logger) {
        self.backend = backend
        let dispatch = TimedDispatch(backend.dispatch)
        self.dispatch = dispatch
        let sender = CountingSender()
        self.sender = sender
        let clock = SimulatedClock(start)
        self.clock = clock
        // The server's scheduler as `DeckEnvironment` makes it (20 s, batches of 500), but for its
        // clock and sender.
        scheduler = ReminderScheduler(store: dispatch, sender: sender, now: { clock.now }, logger: logger)
    }

    /// One tick of the scheduler at `now`, timed.
    func tick(at now: Date) async throws -> TickFigure {
        clock.set(now)
        let begun = ContinuousClock.now
        let tick = try await scheduler.tick()
        let tickTime = ContinuousClock.now - begun
        let claimTime = dispatch.state.withLock { state in defer { state.claimTime = .zero }; return state.claimTime }
        return TickFigure(at: now, claimed: tick.claimed, claimTime: claimTime, tickTime: tickTime)
    }
}
