import CompositionRoot
import Foundation
import GRDB
import PostgresStorage
import PostgresTestSupport
import Storage
import Testing

/// The two backends keep the same data: `appdeck migrate-data` copies table by table, column by
/// column, so a column added to one schema and not the other fails here first.
@Suite("SQLite and PostgreSQL schemas")
struct SchemaParityTests {
    /// Each backend's own bookkeeping, not data. `keyFingerprint` is a shared database's record of
    /// the keys its servers read; an embedded install keeps its keys beside its file.
    static let bookkeeping: Set<String> = ["grdb_migrations", "appliedmigration", "keyfingerprint"]

    @Test("both schemas have the same tables with the same columns (names compared lower-case, as PostgreSQL keeps unquoted ones)")
    func sameTablesAndColumns() async throws {
        let sqlite = try await StoreFixture.with(.sqlite) { fixture in try Self.sqliteColumns(fixture.sqliteFile) }
        let postgres = try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { _ in }
            return try await TestPostgres.pairs("""
                SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = 'public'
                """, on: url)
                .reduce(into: [String: Set<String>]()) { $0[$1.0, default: []].insert($1.1) }
                .filter { !Self.bookkeeping.contains($0.key) }
        }
        #expect(sqlite.keys.contains("device") && sqlite.keys.count > 1)
        #expect(sqlite == postgres)
    }

    @Test("every app's migrations have the same ids in the same order on both backends; PostgreSQL adds only its servers' bookkeeping")
    func migrationIDsLineUp() async throws {
        let sqlite = try await StoreFixture.with(.sqlite) { fixture in
            try await fixture.open { stores in
                guard case .sqlite(let database) = stores else { return [String]() }
                return database.migrations
            }
        }
        let postgres = try await StoreFixture.with(.postgres) { fixture in
            try await fixture.open { stores in
                guard case .postgres(let database) = stores else { return [String]() }
                return database.migrations
            }
        }
        #expect(sqlite.first == "devices.1-device")
        #expect(postgres == sqlite + ["keys.1-fingerprints"])
        for id in sqlite { #expect(id.wholeMatch(of: /[a-z]+\.[0-9]+-[a-z-]+/) != nil, "\(id)") }
    }

    private static func sqliteColumns(_ file: URL) throws -> [String: Set<String>] {
        try AppDatabase.open(at: file, apps: StoreBackend.sqliteApps).close()
        let queue = try DatabaseQueue(path: file.path)
        defer { try? queue.close() }
        return try queue.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            var columns: [String: Set<String>] = [:]
            for table in tables where !bookkeeping.contains(table.lowercased()) {
                columns[table.lowercased()] = Set(try db.columns(in: table).map { $0.name.lowercased() })
            }
            return columns
        }
    }
}
