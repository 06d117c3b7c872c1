import PostgresNIO

extension PostgresPool {
    /// One prepared statement, in a transaction of its own: PostgreSQL parses and plans it once per
    /// connection, not on every call, and the rows are decoded by the statement's own `decodeRow`.
    /// For the reads every page makes, where parsing and planning cost more than running.
    func execute<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]
    where Statement.Row: Sendable {
        var rows: [Statement.Row] = []
        for try await row in try await client.execute(statement, logger: logger) {
            rows.append(row)
        }
        return rows
    }
}

/// A row's cells in order, each decoded as the concrete type asked: the tuple decoder's parameter
/// packs looked type metadata up at run time for every row.
struct PostgresCells {
    private var iterator: PostgresRow.Iterator

    init(_ row: PostgresRow) {
        iterator = row.makeIterator()
    }

    mutating func next<Value: PostgresDecodable>(_ type: Value.Type) throws -> Value {
        guard let cell = iterator.next() else { throw PostgresStoreFailure.missingColumn }
        return try cell.decode(Value.self)
    }
}
