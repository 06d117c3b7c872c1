import Logging
import PostgresNIO

/// What every PostgreSQL store holds: the client (a pool of connections) and the logger queries
/// report to. Single statements run on their own (autocommit); what needs several runs in
/// `write` or `snapshot`.
struct PostgresPool: Sendable {
    let client: PostgresClient
    let logger: Logger

    /// One statement, in a transaction of its own. Read its rows to the end (`values`, `rows`):
    /// that hands the connection back to the pool.
    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await client.query(query, logger: logger)
    }

    /// `body` in one READ COMMITTED read-write transaction, committed when it returns. Stores that
    /// read, change and write a row lock it first (`SELECT … FOR UPDATE` once it exists): under
    /// READ COMMITTED, two such transactions that read before either writes would lose a change
    /// (issue 26's probe: a cursor ended at 358 of 1,600 advances without the lock).
    func write<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        try await transaction("BEGIN") { .commit(try await body($0)) }
    }

    /// `body` in one READ COMMITTED read-write transaction that ends as `body` says: a change that
    /// turned out to change nothing rolls back, leaving no trace (not even the rows it ensured).
    func writeOrRollBack<Value: Sendable>(_ body: (PostgresConnection) async throws -> TransactionEnd<Value>) async throws -> Value {
        try await transaction("BEGIN", body)
    }

    /// `body` in one REPEATABLE READ READ ONLY transaction: every query in it sees the same
    /// snapshot, as a read made of several queries must (a list and its counts agree).
    func snapshot<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { .commit(try await body($0)) }
    }

    private func transaction<Value: Sendable>(
        _ begin: PostgresQuery, _ body: (PostgresConnection) async throws -> TransactionEnd<Value>
    ) async throws -> Value {
        try await client.withConnection { connection in
            try await connection.query(begin, logger: logger)
            let end: TransactionEnd<Value>
            do {
                end = try await body(connection)
            } catch {
                await abandon(connection)
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
    private func abandon(_ connection: PostgresConnection) async {
        do {
            try await connection.query("ROLLBACK", logger: logger)
        } catch {
            try? await connection.close()
        }
    }
}

/// How a transaction that decides for itself ends.
enum TransactionEnd<Value: Sendable>: Sendable {
    case commit(Value)
    case rollback(Value)
}

extension PostgresRowSequence {
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
