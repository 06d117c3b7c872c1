import PostgresNIO

/// `appdeck migrate-data` on the PostgreSQL side (issue 26): an embedded install's tables copied
/// in as they are, ids kept, into a database that holds no rows yet.
extension PostgresAppDatabase {
    /// One table to copy: its columns, how many rows the source says it holds, and its rows, each
    /// value in PostgreSQL's text input form (nil: NULL), handed over a batch at a time.
    public struct ImportedTable: Sendable {
        public let name: String
        public let columns: [String]
        public let rowCount: Int
        /// Calls its second argument with each batch of at most the first argument's rows, in
        /// order, waiting for each call to return before reading the next batch.
        public let rows: @Sendable (_ batchRows: Int, _ body: ([[String?]]) async throws -> Void) async throws -> Void

        public init(
            name: String, columns: [String], rowCount: Int,
            rows: @escaping @Sendable (_ batchRows: Int, _ body: ([[String?]]) async throws -> Void) async throws -> Void
        ) {
            self.name = name
            self.columns = columns
            self.rowCount = rowCount
            self.rows = rows
        }

        /// A table whose rows are already in memory (tests, small tables).
        public init(name: String, columns: [String], rows: [[String?]]) {
            self.init(name: name, columns: columns, rowCount: rows.count) { batchRows, body in
                var start = 0
                while start < rows.count {
                    try await body(Array(rows[start..<min(start + batchRows, rows.count)]))
                    start += batchRows
                }
            }
        }
    }

    /// How many rows `importTables` asks its source for at a time, and sends to PostgreSQL in one
    /// piece of its `COPY`: what the copy holds in memory at once is about one such batch (a few
    /// hundred kilobytes for AppDeck's rows), whatever the size of the database (issue 34, item 5).
    public static let importBatchRows = 5_000

    /// What `importTables` reports after each batch: the table, its rows copied so far, and the
    /// rows the source said it holds.
    public struct ImportProgress: Sendable, Equatable {
        public let table: String
        public let copied: Int
        public let total: Int

        public init(table: String, copied: Int, total: Int) {
            self.table = table
            self.copied = copied
            self.total = total
        }
    }

    public enum ImportFailure: Error, CustomStringConvertible {
        case notEmpty(table: String, rows: Int)
        case unknownTable(String)
        case unknownColumn(table: String, column: String)
        case notAnIdentifier(String)
        case moreRows(table: String, expected: Int)
        case rowWidth(table: String, values: Int, columns: Int)

        public var description: String {
            switch self {
            case .notEmpty(let table, let rows):
                "The PostgreSQL database already holds data (\(table): \(rows) rows); migrate-data copies into an empty one only."
            case .unknownTable(let table): "The PostgreSQL schema has no table \(table): are both on the same AppDeck version?"
            case .unknownColumn(let table, let column): "The PostgreSQL table \(table) has no column \(column)."
            case .notAnIdentifier(let name): "'\(name)' is not a table or column name AppDeck uses."
            case .moreRows(let table, let expected):
                "The source handed over more rows of \(table) than the \(expected) it counted, or a batch larger than asked: nothing was copied."
            case .rowWidth(let table, let values, let columns): "A row of \(table) has \(values) values for \(columns) columns: nothing was copied."
            }
        }
    }

    /// Copies `tables` in the order given (each after the tables it references), streamed with
    /// `COPY … FROM STDIN` a batch of `batchRows` rows at a time, in one transaction: all or
    /// nothing.
    ///
    /// Why `COPY` and why one transaction (issue 34, item 5): `COPY` is PostgreSQL's own bulk path
    /// (what `pg_restore` uses), with no statement to parse per row or per batch and no limit of
    /// 65,535 parameters; the driver waits for the socket to take each batch before the next is
    /// read, so the memory held is one batch on this side, and the transaction's size costs
    /// PostgreSQL disk, not this process's memory. One transaction keeps what the copy has always
    /// promised: a failed or interrupted copy leaves the target as empty as it was, so the retry is
    /// the same command, and the refusal of a target that holds rows stays a plain rule. Resumable
    /// batches would have to accept a half-filled target and tell which half; for a one-time move
    /// that takes seconds to minutes, starting again is simpler and safer.
    ///
    /// The tables' own triggers are off meanwhile, since the rows already carry what they would
    /// compute (counts), and their keys, indexes and foreign keys are put back only once every row
    /// is in (`PostgresBulkLoad` says why); sequences then continue after the largest id copied. Dates are read as
    /// UTC, as SQLite keeps them, whatever the server's time zone. Refuses a database where any of
    /// the tables holds a row, and a source that hands over more rows than a batch or than it said
    /// it held. Returns each table's rows as PostgreSQL counts them at the end of the copy's own
    /// transaction: the rows it commits. (Counted after the commit instead, the first read of a
    /// million fresh rows also writes every page's hint bits: a fifth of the whole copy's time.)
    @discardableResult
    public func importTables(
        _ tables: [ImportedTable], batchRows: Int = importBatchRows,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws -> [String: Int] {
        precondition(batchRows > 0)
        // Names go into the statements as they are: only plain identifiers, as AppDeck's schema has.
        for name in tables.flatMap({ [$0.name] + $0.columns }) where !Self.isIdentifier(name) {
            throw ImportFailure.notAnIdentifier(name)
        }
        return try await pool.write { [logger = pool.logger] connection in
            for (table, rows) in try await Self.counts(of: tables.map(\.name), on: connection, logger: logger) where rows > 0 {
                throw ImportFailure.notEmpty(table: table, rows: rows)
            }
            try await connection.query("SET LOCAL TimeZone = 'UTC'", logger: logger)
            let bulkLoad = try await PostgresBulkLoad.read(tables: tables.map { $0.name.lowercased() }, on: connection, logger: logger)
            try await bulkLoad.drop(on: connection, logger: logger)
            for table in tables {
                let types = try await Self.columnTypes(of: table.name, on: connection, logger: logger)
                for column in table.columns where types[column.lowercased()] == nil {
                    throw ImportFailure.unknownColumn(table: table.name, column: column)
                }
                try await connection.query(PostgresQuery(unsafeSQL: "ALTER TABLE \(table.name) DISABLE TRIGGER USER"), logger: logger)
                var copied = 0
                if table.rowCount > 0 {
                    // The driver quotes the names it is given, so they go in as PostgreSQL keeps
                    // unquoted ones: lower case.
                    try await connection.copyFrom(
                        table: table.name.lowercased(), columns: table.columns.map { $0.lowercased() }, logger: logger
                    ) { writer in
                        var buffer = ByteBuffer()
                        try await table.rows(batchRows) { batch in
                            guard batch.count <= batchRows, copied + batch.count <= table.rowCount else {
                                throw ImportFailure.moreRows(table: table.name, expected: table.rowCount)
                            }
                            buffer.clear()
                            for row in batch {
                                guard row.count == table.columns.count else {
                                    throw ImportFailure.rowWidth(table: table.name, values: row.count, columns: table.columns.count)
                                }
                                Self.writeCopyRow(row, into: &buffer)
                            }
                            try await writer.write(buffer)
                            copied += batch.count
                            progress(ImportProgress(table: table.name, copied: copied, total: table.rowCount))
                        }
                    }
                } else {
                    progress(ImportProgress(table: table.name, copied: 0, total: 0))
                }
                try await connection.query(PostgresQuery(unsafeSQL: "ALTER TABLE \(table.name) ENABLE TRIGGER USER"), logger: logger)
                if let idType = types["id"], ["int2", "int4", "int8"].contains(idType), table.columns.contains("id") {
                    try await connection.query(PostgresQuery(unsafeSQL: """
                        SELECT setval(pg_get_serial_sequence('\(table.name.lowercased())', 'id'), max(id))
                        FROM \(table.name) HAVING max(id) IS NOT NULL AND pg_get_serial_sequence('\(table.name.lowercased())', 'id') IS NOT NULL
                        """), logger: logger)
                }
            }
            try await bulkLoad.restore(on: connection, logger: logger)
            return try await Self.counts(of: tables.map(\.name), on: connection, logger: logger)
        }
    }

    /// One row in `COPY`'s text format: values apart by tabs, `\N` for NULL, and the four bytes
    /// the format gives a meaning (backslash, tab, newline, carriage return) escaped.
    static func writeCopyRow(_ row: [String?], into buffer: inout ByteBuffer) {
        for (index, value) in row.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
            guard var value else {
                buffer.writeStaticString("\\N")
                continue
            }
            value.withUTF8 { bytes in
                guard bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
                    buffer.writeBytes(bytes)
                    return
                }
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                    case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
                    case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
                    case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
                    default: buffer.writeInteger(byte)
                    }
                }
            }
        }
        buffer.writeInteger(UInt8(ascii: "\n"))
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
