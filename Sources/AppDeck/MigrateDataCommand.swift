import ArgumentParser
import Foundation
import Logging
import PostgresStorage
import Storage

/// `appdeck migrate-data --from PATH/appdeck.sqlite --to postgres://…` (issue 26): copies an
/// embedded install into an empty PostgreSQL database, ids kept, and prints each table's rows on
/// both sides. Refuses a database that already holds rows; copies all or nothing.
struct MigrateDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-data", abstract: "Copy an embedded install's SQLite database into an empty PostgreSQL database.")

    @Option(help: "The embedded install's database file (appdeck.sqlite in its data directory).")
    var from: String

    @Option(help: "The PostgreSQL database, postgres://user:password@host:port/database (APPDECK_DATABASE_URL; the variable keeps the password out of `ps`).")
    var to: String?

    func run() async throws {
        guard let text = to ?? ProcessInfo.processInfo.environment["APPDECK_DATABASE_URL"] else {
            throw ValidationError("Name the PostgreSQL database with --to or APPDECK_DATABASE_URL.")
        }
        let url: PostgresURL
        do { url = try PostgresURL(text) } catch { throw ValidationError(error.description) }
        guard FileManager.default.fileExists(atPath: from) else { throw ValidationError("No database file at \(from).") }
        let source = try AppDatabase.open(at: URL(fileURLWithPath: from))
        defer { try? source.close() }
        let tables = try source.exportTables()

        var logger = Logger(label: "appdeck.migrate-data")
        logger.logLevel = .error  // not the client's note that a lease came a moment before `run()`
        let target = PostgresAppDatabase(url: url, poolSize: 2, statementTimeout: .seconds(600), logger: logger)
        let copied: [String: Int]
        do {
            copied = try await withThrowingTaskGroup(of: [String: Int]?.self) { group in
                group.addTask { await target.run(); return nil }
                defer { group.cancelAll() }
                try await target.migrate()
                try await target.importTables(tables.map { .init(name: $0.name, columns: $0.columns, rows: $0.rows) })
                return try await target.rowCounts(of: tables.map(\.name))
            }
        } catch let failure as PostgresAppDatabase.ImportFailure {
            throw failure
        } catch {
            // The driver's own description hides the server's message; its reflection has it (the
            // statement and what PostgreSQL said, never the password, which it does not keep).
            throw MigrationFailure(description: String(reflecting: error))
        }
        let width = max(5, tables.map(\.name.count).max() ?? 0)
        print("table".padding(toLength: width, withPad: " ", startingAt: 0) + "     sqlite   postgres")
        for table in tables {
            let after = copied[table.name] ?? 0
            print(table.name.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(format: " %10d %10d", table.rows.count, after) + (after == table.rows.count ? "" : "  MISMATCH"))
        }
        print("Copied \(from) into \(url).")
    }
}

/// Why a copy failed, in PostgreSQL's words.
struct MigrationFailure: Error, CustomStringConvertible {
    let description: String
}
