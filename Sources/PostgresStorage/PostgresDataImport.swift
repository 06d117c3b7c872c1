import PostgresNIO

/// `appdeck migrate-data` on the PostgreSQL side (issue 26): an embedded install's tables copied
/// in as they are, ids kept, into a database that holds no rows yet.
extension PostgresAppDatabase {
    /// One table to copy: its columns, and each row's values in PostgreSQL's text input forms
    /// (nil: NULL).
    public struct ImportedTable: Sendable {
        public let name: String
        public let columns: [String]
        public let rows: [[String?]]

        public init(name: String, columns: [String], rows: [[String?]]) {
            self.name = name
            self.columns = columns
            self.rows = rows
        }
    }

    public enum ImportFailure: Error, CustomStringConvertible {
        case notEmpty(table: String, rows: Int)
        case unknownTable(String)
        case unknownColumn(table: String, column: String)
        case notAnIdentifier(String)

        public var description: String {
            switch self {
            case .notEmpty(let table, let rows):
                "The PostgreSQL database already holds data (\(table): \(rows) rows); migrate-data copies into an empty one only."
            case .unknownTable(let table): "The PostgreSQL schema has no table \(table): are both on the same AppDeck version?"
            case .unknownColumn(let table, let column): "The PostgreSQL table \(table) has no column \(column)."
            case .notAnIdentifier(let name): "'\(name)' is not a table or column name AppDeck uses."
            }
        }
    }

    /// Copies `tables` in the order given (each after the tables it references), in one
    /// transaction: all or nothing. The tables' own triggers are off meanwhile, since the rows
    /// already carry what they would compute (counts); sequences then continue after the
    /// largest id copied. Refuses a database where any of the tables holds a row.
    public func importTables(_ tables: [ImportedTable]) async throws {
        // Names go into the statements as they are: only plain identifiers, as AppDeck's schema has.
        for name in tables.flatMap({ [$0.name] + $0.columns }) where !Self.isIdentifier(name) {
            throw ImportFailure.notAnIdentifier(name)
        }
        try await pool.write { [logger = pool.logger] connection in
            for (table, rows) in try await Self.counts(of: tables.map(\.name), on: connection, logger: logger) where rows > 0 {
                throw ImportFailure.notEmpty(table: table, rows: rows)
            }
            for table in tables {
                let types = try await Self.columnTypes(of: table.name, on: connection, logger: logger)
                let casts = try table.columns.map { column in
                    guard let type = types[column.lowercased()] else { throw ImportFailure.unknownColumn(table: table.name, column: column) }
                    return type
                }
                try await connection.query(PostgresQuery(unsafeSQL: "ALTER TABLE \(table.name) DISABLE TRIGGER USER"), logger: logger)
                // A statement carries at most 65,535 values.
                let perStatement = max(1, 60_000 / max(1, table.columns.count))
                var start = 0
                while start < table.rows.count {
                    let batch = table.rows[start..<min(start + perStatement, table.rows.count)]
                    var binds = PostgresBindings(capacity: batch.count * table.columns.count)
                    var tuples: [String] = []
                    tuples.reserveCapacity(batch.count)
                    for row in batch {
                        let first = binds.count
                        tuples.append("(" + casts.indices.map { "$\(first + $0 + 1)::\(casts[$0])" }.joined(separator: ", ") + ")")
                        for value in row { binds.append(value) }
                    }
                    let sql = "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES \(tuples.joined(separator: ", "))"
                    try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
                    start += perStatement
                }
                try await connection.query(PostgresQuery(unsafeSQL: "ALTER TABLE \(table.name) ENABLE TRIGGER USER"), logger: logger)
                if let idType = types["id"], ["int2", "int4", "int8"].contains(idType), table.columns.contains("id") {
                    try await connection.query(PostgresQuery(unsafeSQL: """
                        SELECT setval(pg_get_serial_sequence('\(table.name.lowercased())', 'id'), max(id))
                        FROM \(table.name) HAVING max(id) IS NOT NULL AND pg_get_serial_sequence('\(table.name.lowercased())', 'id') IS NOT NULL
                        """), logger: logger)
                }
            }
        }
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// How many rows each of `tables` holds.
    public func rowCounts(of tables: [String]) async throws -> [String: Int] {
        for name in tables where !Self.isIdentifier(name) { throw ImportFailure.notAnIdentifier(name) }
        return try await pool.client.withConnection { connection in
            try await Self.counts(of: tables, on: connection, logger: pool.logger)
        }
    }

    private static func counts(of tables: [String], on connection: PostgresConnection, logger: Logger) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in tables {
            let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: logger)
            for try await count in rows.decode(Int.self) { counts[table] = count }
        }
        return counts
    }

    /// Each column's type as a cast names it (`timestamptz`, `bytea`, `int8`…), by lower-case name.
    private static func columnTypes(of table: String, on connection: PostgresConnection, logger: Logger) async throws -> [String: String] {
        let rows = try await connection.query(
            "SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = \(table.lowercased())",
            logger: logger)
        var types: [String: String] = [:]
        for try await (column, type) in rows.decode((String, String).self) { types[column.lowercased()] = type }
        guard !types.isEmpty else { throw ImportFailure.unknownTable(table) }
        return types
    }
}
