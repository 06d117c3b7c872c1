import ByteEncoding
import Foundation
import GRDB

/// One table of the embedded database as `appdeck migrate-data` copies it (issue 26): its name,
/// its columns and how many rows it holds. The rows themselves are read a batch at a time
/// (`EmbeddedExport.readRows`), never all at once (issue 34, item 5).
public struct ExportedTable: Sendable, Equatable {
    public let name: String
    public let columns: [String]
    public let rowCount: Int
}

/// The tables of an embedded database, checked to be AppDeck's and brought up to this version's
/// schema, ready to be read a batch at a time: what `EmbeddedDatabaseSource.openExport()` gives.
///
/// Each value is in the text form PostgreSQL's input reads: numbers as digits, text as it is,
/// dates as GRDB wrote them (`YYYY-MM-DD HH:MM:SS.SSS`, UTC), blobs as `\x` and hex; nil is NULL.
public final class EmbeddedExport: Sendable {
    /// Every table of the schema (GRDB's migration log left out), in the order the migrations
    /// made them, so a table comes after every table it references.
    public let tables: [ExportedTable]
    /// A private snapshot of the source, or the source itself when it is immutable and current
    /// (`EmbeddedDatabaseSource.openExport`); either way nothing else writes it, so the batches
    /// read one after another see the same rows.
    let queue: DatabaseQueue
    /// Whether `queue` is the source file itself rather than a snapshot of it.
    public let readsInPlace: Bool

    init(queue: DatabaseQueue, readsInPlace: Bool) throws {
        self.queue = queue
        self.readsInPlace = readsInPlace
        tables = try queue.read { db in
            try AppDatabase.tableNames(db).map { name in
                ExportedTable(
                    name: name, columns: try db.columns(in: name).map(\.name),
                    rowCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(name.quotedDatabaseIdentifier)") ?? 0)
            }
        }
    }

    /// Reads `table`'s rows in order of their rowid (or primary key, for a table without rowids), at most `batchRows` at a time, and hands each batch to `body` before reading the next:
    /// what is held at once is one batch, whatever the table's size. Each batch is its own short
    /// read that starts after the last key of the one before (no OFFSET, so no batch costs more
    /// than the first). The last batch is shorter than `batchRows`, or empty when the rows fill
    /// whole batches; a table without rows gives no batch at all.
    public func readRows(of table: ExportedTable, batchRows: Int, _ body: ([[String?]]) async throws -> Void) async throws {
        precondition(batchRows > 0)
        // The rowid when the table has one (never NULL, always unique); a table made WITHOUT
        // ROWID has a primary key of NOT NULL columns instead.
        let key = try await queue.read { db in
            (try? db.makeStatement(sql: "SELECT rowid FROM \(table.name.quotedDatabaseIdentifier)")) != nil ? ["rowid"] : try db.primaryKey(table.name).columns
        }
        let keyList = key.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let columnList = table.columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let from = "SELECT \(keyList), \(columnList) FROM \(table.name.quotedDatabaseIdentifier)"
        let order = " ORDER BY \(keyList) LIMIT \(batchRows)"
        let after = " WHERE (\(keyList)) > (\(key.map { _ in "?" }.joined(separator: ", ")))"
        var last: [DatabaseValue]? = nil
        while true {
            let (rows, lastKey) = try await queue.read { [last] db in
                let statement = try db.cachedStatement(sql: last == nil ? from + order : from + after + order)
                if let last { statement.arguments = StatementArguments(last) }
                var rows: [[String?]] = []
                rows.reserveCapacity(batchRows)
                var lastKey: [DatabaseValue]? = nil
                let cursor = try Row.fetchCursor(statement)
                while let row = try cursor.next() {
                    rows.append((key.count..<(key.count + table.columns.count)).map { Self.text(of: row[$0] as DatabaseValue) })
                    lastKey = (0..<key.count).map { row[$0] as DatabaseValue }
                }
                return (rows, lastKey)
            }
            guard !rows.isEmpty else { return }
            try await body(rows)
            guard rows.count == batchRows, let lastKey else { return }
            last = lastKey
        }
    }

    public func close() throws {
        try queue.close()
    }

    static func text(of value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: nil
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        case .blob(let data): Hex.encode(data, prefix: "\\x")
        }
    }
}

extension AppDatabase {
    /// How many rows each table holds.
    public func rowCounts() throws -> [String: Int] {
        try pool.read { db in
            try Dictionary(uniqueKeysWithValues: Self.tableNames(db).map { name in
                (name, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(name.quotedDatabaseIdentifier)") ?? 0)
            })
        }
    }

    static func tableNames(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
            ORDER BY rowid
            """)
    }
}
