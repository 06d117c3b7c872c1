import Devices
import Logging
import Persistence
import PostgresNIO
import Synchronization

/// What every PostgreSQL store holds: the client (a pool of connections), the logger queries
/// report to, and the bookkeeping of its leases. Single statements run on their own (autocommit);
/// what needs several runs in `write` or `snapshot`.
///
/// Every store query goes through `withConnection`, which makes two promises the driver does not
/// (issue 26, PostgreSQL restarted under load):
/// - **No waiting for ever for a connection.** While no connection can be made, postgres-nio 1.33.2
///   queues a lease until one can (retrying with a backoff of 100 ms × 1.25ⁿ) or until its circuit
///   breaker trips after 60 s; it has no timeout of its own for a lease. Here a lease waits at most
///   `PoolLeases.wait`, then fails.
/// - **An outage reads as one.** A lease that failed, a connection lost mid-statement, the server
///   shutting down or starting up (SQLSTATE 57P01–57P03, class 08), a statement it cancelled (57014,
///   the statement timeout) and too many connections (53300) become `StoreUnavailable`, which the
///   web shell answers with 503 and `Retry-After`. Every other error (a syntax error, a constraint)
///   stays as it is: that is a bug, not an outage.
struct PostgresPool: Sendable {
    typealias StatementObserver = PostgresStatementObserver

    let client: PostgresClient
    let logger: Logger
    /// Leases waiting and in use (the `/metrics` gauges) and the deadlines of the waiting ones.
    let leases: PoolLeases
    /// Told every statement a store sends, before it goes: how the plan test sees what the stores
    /// run (issue 34). Nil in a server.
    let observer: StatementObserver?

    /// - Parameter connectionWait: how long a query waits for a connection at most.
    init(
        client: PostgresClient, logger: Logger, connectionWait: Duration = PoolLeases.defaultWait, observer: StatementObserver? = nil
    ) {
        self.client = client
        self.logger = logger
        self.observer = observer
        leases = PoolLeases(wait: connectionWait)
    }

    /// One statement, in a transaction of its own, its rows read to the end (so the connection is
    /// back in the pool when this returns).
    func query(_ query: PostgresQuery) async throws -> PostgresRows {
        observer?(query)
        return try await withConnection { [logger] connection in
            PostgresRows(all: try await connection.query(query, logger: logger).collect())
        }
    }

    /// One prepared statement, in a transaction of its own: PostgreSQL parses and plans it once per
    /// connection, not on every call, and the rows are decoded by the statement's own `decodeRow`.
    /// For the reads every page makes, where parsing and planning cost more than running.
    func execute<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]
    where Statement.Row: Sendable {
        if let observer { observer(PostgresQuery(unsafeSQL: Statement.sql, binds: try statement.makeBindings())) }
        return try await withConnection { [logger] connection in
            var rows: [Statement.Row] = []
            for try await row in try await connection.execute(statement, logger: logger) {
                rows.append(row)
            }
            return rows
        }
    }

    /// One statement of a transaction that `write`, `writeOrRollBack` or `snapshot` opened on
    /// `connection`. Stores send every statement of a transaction through here, never to the
    /// connection directly, so that the observer sees them all.
    @discardableResult
    func run(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> PostgresRowSequence {
        observer?(query)
        return try await connection.query(query, logger: logger)
    }

    /// `body` in one READ COMMITTED read-write transaction, committed when it returns. Stores that
    /// read, change and write a row lock it first (`SELECT … FOR UPDATE` once it exists): under
    /// READ COMMITTED, two such transactions that read before either writes would lose a change
    /// (issue 26's probe: a cursor ended at 358 of 1,600 advances without the lock).
    func write<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        try await transaction("BEGIN") { .commit(try await body($0)) }
    }

    /// `body` in one READ COMMITTED read-write transaction that ends as `body` says: a change that
    /// turned out to change nothing rolls back, leaving no trace (not even the rows it ensured).
    func writeOrRollBack<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> TransactionEnd<Value>
    ) async throws -> Value {
        try await transaction("BEGIN", body)
    }

    /// `body` in one REPEATABLE READ READ ONLY transaction: every query in it sees the same
    /// snapshot, as a read made of several queries must (a list and its counts agree).
    func snapshot<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { .commit(try await body($0)) }
    }

    private func transaction<Value: Sendable>(
        _ begin: PostgresQuery, _ body: @escaping @Sendable (PostgresConnection) async throws -> TransactionEnd<Value>
    ) async throws -> Value {
        try await withConnection { [logger] connection in
            try await connection.query(begin, logger: logger)
            let end: TransactionEnd<Value>
            do {
                end = try await body(connection)
            } catch {
                await Self.abandon(connection, logger: logger)
                throw error
            }
            switch end {
            case .commit(let value):
                try await connection.query("COMMIT", logger: logger)
                return value
            case .rollback(let value):
                try await connection.query("ROLLBACK", logger: logger)
                return value
            }
        }
    }

    /// Rolls back after a failure. A connection that cannot even roll back is closed, so the pool
    /// never hands out a connection still inside a transaction.
    private static func abandon(_ connection: PostgresConnection, logger: Logger) async {
        do {
            try await connection.query("ROLLBACK", logger: logger)
        } catch {
            try? await connection.close()
        }
    }

    /// `operation` on a connection of the pool: a wait of at most `leases.wait` for the
    /// connection, and connection-class failures thrown as `StoreUnavailable`.
    ///
    /// The driver gives up a queued lease only when the task waiting for it is cancelled, so the
    /// lease is taken in a task of its own, which `leases` cancels at the deadline if it still
    /// waits then. That task runs the whole of `operation`, and this call waits for its result.
    ///
    /// The whole of it, because postgres-nio 1.33.2 never answers a statement written to a
    /// connection whose channel has just closed (its fix, vapor/postgres-nio#487, was reverted in
    /// #501), and a restart ends every session at once, also between two statements of a
    /// transaction. If the connection closes before `operation` is done, this call stops waiting
    /// at once (`PoolLeases.watch(_:until:)`), and the lease task is left to its stuck statement.
    ///
    /// Within a request (`RequestDeadline`), everything the request asks of the pool, waits and
    /// statements alike, ends by one deadline: the request's arrival plus `leases.wait` (issue 33:
    /// a locked table cost a page the connection wait and then the statement timeout, 10 s).
    func withConnection<Value: Sendable>(_ operation: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        let deadline = RequestDeadline.arrival.map { $0 + leases.wait }
        if let deadline, deadline <= .now { throw StoreUnavailable(reason: Self.pastDeadline) }
        let ticket = leases.enqueue(deadline: deadline)
        let result = OneShot<Value>()
        let lease = Task { [client, leases] in
            do {
                try await client.withConnection { connection in
                    let release = leases.leased(ticket)
                    leases.watch(connection) { error in
                        release()  // the driver drops a connection that closes while leased
                        result.resolve(.failure(error))
                    }
                    let outcome: Result<Value, any Error>
                    do {
                        outcome = .success(try await operation(connection))
                    } catch {
                        outcome = .failure(error)
                    }
                    release()  // before the caller hears: the gauges agree with what it saw
                    result.resolve(outcome)
                }
            } catch {
                result.resolve(.failure(error))  // no effect once the result is in
            }
        }
        leases.watch(ticket) { lease.cancel() }
        if let deadline {
            // The statement goes on until it ends or its own timeout ends it (cancelling the task
            // would cost the connection); the request stops waiting for it.
            leases.bound(ticket, by: deadline) {
                result.resolve(.failure(StoreUnavailable(reason: Self.pastDeadline)))
            }
        }
        defer { if deadline != nil { leases.finished(ticket) } }
        do {
            return try await withTaskCancellationHandler {
                try await result.value()
            } onCancel: {
                lease.cancel()
            }
        } catch {
            throw leases.failure(error, of: ticket)
        }
    }

    private static let pastDeadline = "the request's time for the database ran out"

}

/// A value that arrives once, for one task to wait for.
final class OneShot<Value: Sendable>: Sendable {
    private let state = Mutex<(result: Result<Value, any Error>?, waiter: CheckedContinuation<Value, any Error>?)>((nil, nil))

    /// Sets the value (or failure); later calls change nothing.
    func resolve(_ result: Result<Value, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard case .none = state.result else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    /// Waits for the value, if it has not arrived yet.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let arrived = state.withLock { state -> Result<Value, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let arrived { continuation.resume(with: arrived) }
        }
    }
}

/// How a transaction that decides for itself ends.
enum TransactionEnd<Value: Sendable>: Sendable {
    case commit(Value)
    case rollback(Value)
}

/// A statement's rows, read to the end: the connection they came on is back in the pool.
struct PostgresRows: AsyncSequence, Sendable {
    typealias Element = PostgresRow
    let all: [PostgresRow]

    struct AsyncIterator: AsyncIteratorProtocol {
        var rows: IndexingIterator<[PostgresRow]>
        mutating func next() async throws -> PostgresRow? { rows.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rows: all.makeIterator()) }
}

/// Reading the rows of a statement, streamed (`PostgresRowSequence`, in a transaction) or read
/// already (`PostgresRows`, from `PostgresPool.query`).
extension AsyncSequence where Element == PostgresRow {
    /// The first column of every row, read to the end.
    func values<Value: PostgresDecodable & Sendable>(_ type: Value.Type) async throws -> [Value] {
        var values: [Value] = []
        for try await row in self {
            values.append(try row.decode(Value.self))
        }
        return values
    }

    /// The first column of the first row (nil when there is none); the rest is read and dropped.
    func value<Value: PostgresDecodable & Sendable>(_ type: Value.Type) async throws -> Value? {
        try await values(type).first
    }

    /// Every row's columns, read to the end.
    func rows<each Column: PostgresDecodable & Sendable>(_ types: (repeat each Column).Type) async throws -> [(repeat each Column)] {
        var rows: [(repeat each Column)] = []
        for try await row in self {
            rows.append(try row.decode(types))
        }
        return rows
    }

    /// Reads whatever the statement returned and drops it.
    func drain() async throws {
        for try await _ in self {}
    }

    /// Whether the statement returned any row (`RETURNING` of a write that took effect).
    func isEmpty() async throws -> Bool {
        var count = 0
        for try await _ in self { count += 1 }
        return count == 0
    }
}

/// Receives a statement (its text and bindings) that a store is about to send.
package typealias PostgresStatementObserver = @Sendable (PostgresQuery) -> Void
