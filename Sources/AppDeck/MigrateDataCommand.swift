import ArgumentParser
import Foundation
import Logging
import PostgresStorage
import Storage

/// `appdeck migrate-data --from PATH/appdeck.sqlite --to postgres://…` (issue 26): copies an
/// embedded install into an empty PostgreSQL database, ids kept, and prints each table's rows on
/// both sides. Refuses a database that already holds rows; copies all or nothing. The source is
/// only read (`EmbeddedDatabaseSource`).
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
        if let to, AppDeckCommand.holdsPassword(to) {
            Self.warn("the database password was given with --to, on the command line, which ps and shell history show to others; set APPDECK_DATABASE_URL instead.")
        }
        // Read only: the source is never changed, a file that is not AppDeck's is refused before
        // the target is touched, and what its neighbours tell (a server that has it open, a -wal
        // left behind) is said first (issue 33).
        let source = try EmbeddedDatabaseSource(url: URL(fileURLWithPath: from))
        for warning in source.warnings { Self.warn(warning) }
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

    /// A line on stderr, apart from the table on stdout.
    static func warn(_ text: String) {
        FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
    }
}

/// Why a copy failed, in PostgreSQL's words.
struct MigrationFailure: Error, CustomStringConvertible {
    let description: String
}
