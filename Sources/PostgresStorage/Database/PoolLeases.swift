import Devices
import Metrics
import Persistence
import PostgresNIO
import Synchronization

/// The leases of one `PostgresPool`: how many callers wait for a connection and how many hold one
/// (exported as the `/metrics` gauges `appdeck_database_pool_waiting` and
/// `appdeck_database_pool_in_use`), and the deadline of every wait.
///
/// A wait lasts at most `wait`. Once a wait has run out or a connection was lost, later waits last
/// a tenth of it until a lease succeeds again: a request makes a few queries in a row (its device,
/// then its page), and behind nginx a GET answered 503 is tried once more on the next server, so
/// only the first wait of an outage is long. A restart ends every session at once, which marks the
/// database away at once, so in practice even the first 503s come fast (see
/// reliability/fast/test_postgres_restart.py).
///
/// Deadlines are kept by one sweeping task that runs only while some caller waits, every
/// `tick`; the happy path costs a lock, a dictionary entry and no timer.
final class PoolLeases: Sendable {
    /// A query waits this long for a connection by default: the default statement timeout.
    static let defaultWait: Duration = .seconds(5)

    let wait: Duration
    /// How long a wait lasts while the database is known not to answer.
    let shortWait: Duration
    /// How often waits are checked against their deadlines: waits end up to this late.
    let tick: Duration

    private let state = Mutex(State())
    /// The connections whose closing is watched (one callback each, for its lifetime), each with
    /// how to fail the operation of its last lease: what a close fails, if it is not done yet.
    private let watched = Mutex<[PostgresConnection.ID: @Sendable (any Error) -> Void]>([:])
    private let waitingGauge = Meter(label: "appdeck_database_pool_waiting")
    private let inUseGauge = Meter(label: "appdeck_database_pool_in_use")

    private struct State {
        var next: UInt64 = 0
        var waiting: [UInt64: Waiter] = [:]
        /// Operations on a leased connection that must end by a request's deadline.
        var bounded: [UInt64: Bounded] = [:]
        var inUse = 0
        var sweeping = false
        /// A wait ran out or a connection was lost, and no lease has succeeded since.
        var unreachable = false

        /// Whether the caller must start the sweeping task (none runs now).
        mutating func startSweeping() -> Bool {
            defer { sweeping = true }
            return !sweeping
        }
    }

    private struct Waiter {
        let allowed: Duration
        let deadline: ContinuousClock.Instant
        /// The request's deadline comes before `allowed` has passed.
        let endsWithRequest: Bool
        var cancel: (@Sendable () -> Void)?
        var timedOut = false
    }

    private struct Bounded {
        let deadline: ContinuousClock.Instant
        let fail: @Sendable () -> Void
    }

    /// One caller's wait, from `enqueue` to its lease or its failure.
    struct Ticket: Sendable {
        fileprivate let id: UInt64
    }

    init(wait: Duration) {
        // Floors, so that a tiny statement timeout does not fail a lease that a busy machine
        // grants in a few tens of milliseconds.
        self.wait = max(wait, .milliseconds(250))
        shortWait = max(self.wait / 10, .milliseconds(50))
        tick = max(self.wait / 25, .milliseconds(10))
    }

    /// Callers waiting for a connection now, and connections leased now.
    var usage: (waiting: Int, inUse: Int) {
        state.withLock { ($0.waiting.count, $0.inUse) }
    }

    /// A caller starts waiting for a connection; it waits until `wait` (or `shortWait`) has passed
    /// or until `deadline`, whichever comes first.
    func enqueue(deadline: ContinuousClock.Instant? = nil) -> Ticket {
        let now = ContinuousClock.now
        let (ticket, startSweeping) = state.withLock { state in
            let id = state.next
            state.next &+= 1
            let allowed = state.unreachable ? shortWait : wait
            let limit = now + allowed
            state.waiting[id] = Waiter(
                allowed: allowed, deadline: min(limit, deadline ?? limit), endsWithRequest: deadline.map { $0 < limit } ?? false)
            return (Ticket(id: id), state.startSweeping())
        }
        waitingGauge.increment()
        if startSweeping { Task { await self.sweep() } }
        return ticket
    }

    /// Calls `fail` if the operation leased for `ticket` is still running at `deadline` (a
    /// request's deadline: the statement may go on until its own timeout, but the request stops
    /// waiting for it). `finished(_:)` ends the watch.
    func bound(_ ticket: Ticket, by deadline: ContinuousClock.Instant, fail: @escaping @Sendable () -> Void) {
        let startSweeping = state.withLock { state in
            state.bounded[ticket.id] = Bounded(deadline: deadline, fail: fail)
            return state.startSweeping()
        }
        if startSweeping { Task { await self.sweep() } }
    }

    /// The operation of `ticket` has its result: its deadline no longer matters.
    func finished(_ ticket: Ticket) {
        _ = state.withLock { $0.bounded.removeValue(forKey: ticket.id) }
    }

    /// How to give up `ticket`'s wait (cancel the task that waits). If the wait has run out
    /// already, at once.
    func watch(_ ticket: Ticket, cancel: @escaping @Sendable () -> Void) {
        let overdue = state.withLock { state in
            guard state.waiting[ticket.id] != nil else { return false }  // leased already
            state.waiting[ticket.id]?.cancel = cancel
            return state.waiting[ticket.id]?.timedOut == true
        }
        if overdue { cancel() }
    }

    /// `ticket`'s wait ended with a connection. Call what this returns when the lease ends: when
    /// its operation is done, or when its connection closes first (a statement stuck on a closed
    /// connection never returns); calls after the first do nothing.
    func leased(_ ticket: Ticket) -> @Sendable () -> Void {
        let waited = state.withLock { state in
            state.unreachable = false
            state.inUse += 1
            return state.waiting.removeValue(forKey: ticket.id) != nil
        }
        inUseGauge.increment()
        if waited { waitingGauge.decrement() }
        let ended = Mutex(false)
        return { [self] in
            let first = ended.withLock { ended in
                defer { ended = true }
                return !ended
            }
            if first { released() }
        }
    }

    /// Calls `fail` if `connection` closes before its next lease (`fail` does nothing once the
    /// operation it fails has its result).
    func watch(_ connection: PostgresConnection, fail: @escaping @Sendable (any Error) -> Void) {
        let isNew = watched.withLock { watched in
            defer { watched[connection.id] = fail }
            return watched[connection.id] == nil
        }
        guard isNew else { return }
        connection.closeFuture.whenComplete { [self] _ in
            let fail = watched.withLock { $0.removeValue(forKey: connection.id) }
            markUnreachable()
            fail?(StoreUnavailable(reason: "database connection lost"))
        }
    }

    /// A lease ended.
    private func released() {
        state.withLock { $0.inUse -= 1 }
        inUseGauge.decrement()
    }

    /// The error to throw for `error`, which ended `ticket`'s lease or the work done with it:
    /// `StoreUnavailable` for a wait that ran out or failed and for a connection-class failure;
    /// anything else as it is.
    func failure(_ error: any Error, of ticket: Ticket) -> any Error {
        let wait = state.withLock { $0.waiting.removeValue(forKey: ticket.id) }
        if let wait {
            // No connection was leased: the driver failed the lease (its circuit breaker, a pool
            // shut down), the deadline cancelled it, or the caller itself was cancelled.
            waitingGauge.decrement()
            if wait.timedOut {
                if wait.endsWithRequest { return StoreUnavailable(reason: "no database connection before the request's deadline") }
                return StoreUnavailable(reason: "no database connection within \(wait.allowed)")
            }
            if Task.isCancelled { return error }
            markUnreachable()
            return StoreUnavailable(reason: "no database connection: \(Self.describe(error))")
        }
        guard let outage = Self.outage(error) else { return error }
        if outage.lostConnection { markUnreachable() }
        return StoreUnavailable(reason: outage.reason)
    }

    private func markUnreachable() {
        state.withLock { $0.unreachable = true }
    }

    /// Cancels the waits past their deadline, and fails the bounded operations past theirs, every
    /// `tick`, until nobody waits and nothing is bounded.
    private func sweep() async {
        while true {
            try? await Task.sleep(for: tick)
            let now = ContinuousClock.now
            let (due, done) = state.withLock { state in
                var due: [@Sendable () -> Void] = []
                for (id, waiter) in state.waiting where !waiter.timedOut && waiter.deadline <= now {
                    state.waiting[id]?.timedOut = true
                    if let cancel = waiter.cancel { due.append(cancel) }
                    // A wait cut short by its request's deadline says nothing of the database.
                    if !waiter.endsWithRequest { state.unreachable = true }
                }
                for (id, operation) in state.bounded where operation.deadline <= now {
                    state.bounded[id] = nil
                    due.append(operation.fail)
                }
                let done = state.waiting.isEmpty && state.bounded.isEmpty
                if done { state.sweeping = false }
                return (due, done)
            }
            for cancel in due { cancel() }
            if done { return }
        }
    }

    /// Whether `error`, thrown while a connection was leased, says the database is away for now:
    /// the connection broke, the server is shutting down or starting, it refused more
    /// connections, or it cancelled the statement (the statement timeout). `lostConnection`: the
    /// connection is gone, not just the statement.
    static func outage(_ error: any Error) -> (reason: String, lostConnection: Bool)? {
        guard let error = error as? PSQLError else { return nil }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection, .poolClosed:
            return ("database connection lost (\(error.code))", true)
        case .queryCancelled:
            return ("statement cancelled", false)
        case .server:
            guard let state = error.serverInfo?[.sqlState] else { return nil }
            switch state {
            case "57014": return ("statement cancelled by the server (SQLSTATE 57014)", false)
            case "57P01", "57P02", "57P03", "53300": return ("database unavailable (SQLSTATE \(state))", true)
            case _ where state.hasPrefix("08"): return ("database connection failed (SQLSTATE \(state))", true)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A failed lease's error, for the log: its type and case, never a URL or a password (the
    /// driver's errors carry neither; `PSQLError` describes only its code).
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError { return "\(error.code)" }
        return String(describing: error)
    }
}
