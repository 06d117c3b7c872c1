import ArgumentParser
import CompositionRoot
import Foundation
import Logging
import PostgresStorage
import Storage

/// `appdeck migrate-data --from PATH/appdeck.sqlite --to postgres://…` (issue 26): copies an
/// embedded install into an empty PostgreSQL database, ids kept, and prints each table's rows on
/// both sides. Refuses a database that already holds rows; copies all or nothing. The source is
/// only read (`EmbeddedDatabaseSource`).
///
/// Rows stream from the SQLite file to PostgreSQL's `COPY` a batch at a time (issue 34, item 5:
/// it used to read every table into memory first, 3.04 GB for a 373 MB file), in one transaction;
/// `PostgresAppDatabase.importTables` says why. Each table's progress goes to stderr as
/// `copying TABLE: COPIED/TOTAL rows`, at most once a second and always when the table is done;
/// the table of counts on stdout is what it was.
struct MigrateDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-data", abstract: "Copy an embedded install's SQLite database into an empty PostgreSQL database.")

    @Option(help: "The embedded install's database file (appdeck.sqlite in its data directory).")
    var from: String

    @Option(help: "The PostgreSQL database, postgres://user:password@host:port/database (APPDECK_DATABASE_URL; the variable keeps the password out of `ps`).")
    var to: String?

    @Option(help: .hidden)
    var batchRows: Int = PostgresAppDatabase.importBatchRows

    func run() async throws {
        guard batchRows > 0 else { throw ValidationError("--batch-rows must be at least 1.") }
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
        let export = try source.openExport(apps: StoreBackend.sqliteApps)
        defer { try? export.close() }
        let tables = export.tables

        var logger = Logger(label: "appdeck.migrate-data")
        logger.logLevel = .error  // not the client's note that a lease came a moment before `run()`
        let target = PostgresAppDatabase(url: url, apps: StoreBackend.postgresApps, poolSize: 2, statementTimeout: .seconds(600), logger: logger)
        let copied: [String: Int]
        do {
            copied = try await withThrowingTaskGroup(of: [String: Int]?.self) { group in
                group.addTask { await target.run(); return nil }
                defer { group.cancelAll() }
                try await target.migrate()
                let progress = Progress()
                return try await target.importTables(
                    tables.map { table in
                        .init(name: table.name, columns: table.columns, rowCount: table.rowCount) { batchRows, body in
                            try await export.readRows(of: table, batchRows: batchRows, body)
                        }
                    },
                    batchRows: batchRows, progress: { progress.report($0) })
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
                + String(format: " %10d %10d", table.rowCount, after) + (after == table.rowCount ? "" : "  MISMATCH"))
        }
        print("Copied \(from) into \(url).")
    }

    /// A line on stderr, apart from the table on stdout.
    static func warn(_ text: String) {
        FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
    }
}

/// The progress lines on stderr: one per table when it is done, and one a second at most while a
/// large table is copied.
private final class Progress: @unchecked Sendable {  // called from the one task that copies
    private var lastLine = ContinuousClock.now

    func report(_ progress: PostgresAppDatabase.ImportProgress) {
        let now = ContinuousClock.now
        guard progress.copied == progress.total || now - lastLine >= .seconds(1) else { return }
        lastLine = now
        FileHandle.standardError.write(Data("copying \(progress.table): \(progress.copied)/\(progress.total) rows\n".utf8))
    }
}

/// Why a copy failed, in PostgreSQL's words.
struct MigrationFailure: Error, CustomStringConvertible {
    let description: String
}
