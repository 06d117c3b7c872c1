import Foundation
import GRDB

/// One table of the embedded database, each value in the text form PostgreSQL's input reads:
/// numbers as digits, text as it is, dates as GRDB wrote them (`YYYY-MM-DD HH:MM:SS.SSS`, UTC),
/// blobs as `\x` and hex; nil is NULL. What `appdeck migrate-data` copies (issue 26).
public struct ExportedTable: Sendable, Equatable {
    public let name: String
    public let columns: [String]
    public let rows: [[String?]]
}

extension AppDatabase {
    /// Every table of the schema (GRDB's migration log left out), in the order the migrations
    /// made them, so a table comes after every table it references.
    public func exportTables() throws -> [ExportedTable] {
        try pool.read { db in try Self.exportTables(db) }
    }

    static func exportTables(_ db: Database) throws -> [ExportedTable] {
        try tableNames(db).map { name in
            let columns = try db.columns(in: name).map(\.name)
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(name.quotedDatabaseIdentifier)").map { row in
                columns.map { Self.text(of: row[$0] as DatabaseValue) }
            }
            return ExportedTable(name: name, columns: columns, rows: rows)
        }
    }

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

    private static func text(of value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: nil
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        case .blob(let data): "\\x" + data.map { String(format: "%02x", $0) }.joined()
        }
    }
}
