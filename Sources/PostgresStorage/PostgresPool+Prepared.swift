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
