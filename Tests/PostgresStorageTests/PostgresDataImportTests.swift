import Logging
import PostgresNIO
import PostgresTestSupport
import Synchronization
import Testing
@testable import PostgresStorage

/// `migrate-data`'s PostgreSQL side (issue 34, item 5): rows streamed by `COPY` a batch at a time,
/// in one transaction, with progress after each batch.
@Suite("PostgreSQL data import")
struct PostgresDataImportTests {
    static let device = "0123456789abcdef0123456789abcdef"
    static let deviceColumns = ["id", "createdAt", "language", "timeZone"]
    static let habitColumns = ["id", "deviceID", "name", "hour", "minute", "color", "createdAt", "trackCount", "lastTrackedDay"]
    static let trackColumns = ["habitID", "day", "trackedAt"]

    static func tables(tracks: Int) -> [PostgresAppDatabase.ImportedTable] {
        let days: [String] = (0..<tracks).map { (index: Int) -> String in "2024-01-01/" + String(index) }
        return [
            .init(name: "device", columns: deviceColumns, rows: [[device, "2024-01-02 03:04:05.678", nil, "Europe/Warsaw"]]),
            .init(name: "habit", columns: habitColumns, rows: [
                ["41", device, "Water", "8", "30", "#ff0000", "2024-01-02 03:04:05.000", String(tracks), days.max()],
            ]),
            .init(name: "habitTrack", columns: trackColumns, rows: days.map { ["41", $0, "2024-01-02 03:04:05.000"] }),
        ]
    }

    @Test(
        "each table goes in by batches of the size asked, with progress after each, at a batch's edges too",
        arguments: [(0, [0]), (4, [4]), (5, [4, 5]), (17, [4, 8, 12, 16, 17])])
    func batches(tracks: Int, progress expected: [Int]) async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                let seen = Mutex<[PostgresAppDatabase.ImportProgress]>([])
                let copied = try await database.importTables(Self.tables(tracks: tracks), batchRows: 4) { progress in
                    seen.withLock { $0.append(progress) }
                }
                #expect(copied == ["device": 1, "habit": 1, "habitTrack": tracks])
                let reports = seen.withLock { $0 }
                #expect(reports.filter { $0.table == "habitTrack" } == expected.map { .init(table: "habitTrack", copied: $0, total: tracks) })
                #expect(reports.filter { $0.table == "device" } == [.init(table: "device", copied: 1, total: 1)])
                #expect(try await database.rowCounts(of: ["habitTrack"]) == ["habitTrack": tracks])
                #expect(try await TestPostgres.integer("SELECT count(DISTINCT day) FROM habitTrack", on: url) == tracks)
                // The triggers were off: the count is the one copied, not counted again.
                #expect(try await TestPostgres.integer("SELECT trackCount FROM habit WHERE id = 41", on: url) == tracks)
            }
        }
    }

    @Test("by default the source is asked for batches of importBatchRows rows, a few thousand: memory does not grow with the table")
    func defaultBatch() async throws {
        #expect((1_000...10_000).contains(PostgresAppDatabase.importBatchRows))
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                let asked = Mutex<[Int]>([])
                let rows = (0..<(2 * PostgresAppDatabase.importBatchRows + 1)).map { [String(format: "%032x", $0), "2024-01-02 03:04:05.000", nil, nil] as [String?] }
                let table = PostgresAppDatabase.ImportedTable(name: "device", columns: Self.deviceColumns, rowCount: rows.count) { batchRows, body in
                    asked.withLock { $0.append(batchRows) }
                    var start = 0
                    while start < rows.count {
                        try await body(Array(rows[start..<min(start + batchRows, rows.count)]))
                        start += batchRows
                    }
                }
                let reports = Mutex(0)
                try await database.importTables([table]) { _ in reports.withLock { $0 += 1 } }
                #expect(asked.withLock { $0 } == [PostgresAppDatabase.importBatchRows])
                #expect(reports.withLock { $0 } == 3)
                #expect(try await database.devices.count() == rows.count)
            }
        }
    }

    @Test("text with tabs, newlines and backslashes, NULL, bytes and dates (UTC, whatever the server's zone) arrive as they were; ids are kept and continue")
    func values() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.execute("ALTER DATABASE \(url.database) SET TimeZone = 'Asia/Tokyo'", on: url)
            try await TestPostgres.withMigrated(url) { database in
                let odd = "a\tb\nc\\d\re \\N ż"
                try await database.importTables([
                    .init(name: "device", columns: Self.deviceColumns, rows: [[Self.device, "2024-01-02 03:04:05.678", odd, nil]]),
                    .init(name: "deviceSecret", columns: ["deviceID", "name", "sealed"], rows: [[Self.device, "token", "\\x00ff5c0a09"]]),
                    .init(name: "habit", columns: Self.habitColumns, rows: [
                        ["41", Self.device, "\\", "8", "30", "#ff0000", "2024-01-02 03:04:05.000", "0", nil],
                    ]),
                ], batchRows: 1)
                let text = try await TestPostgres.pairs("SELECT language, coalesce(timeZone, 'NULL') FROM device", on: url)
                #expect(text.map(\.0) == [odd] && text.map(\.1) == ["NULL"])
                #expect(try await TestPostgres.pairs("SELECT name, encode(sealed, 'hex') FROM deviceSecret", on: url).map(\.1) == ["00ff5c0a09"])
                #expect(try await TestPostgres.integer("SELECT floor(extract(epoch FROM createdAt))::bigint FROM device", on: url) == 1_704_164_645)
                #expect(try await TestPostgres.pairs("SELECT name, lastTrackedDay IS NULL FROM habit", on: url).map(\.0) == ["\\"])
                try await TestPostgres.execute(
                    "INSERT INTO habit (deviceID, name, hour, minute, color, createdAt) VALUES ('\(Self.device)', 'Next', 1, 2, '#000000', now())", on: url)
                #expect(try await TestPostgres.integer("SELECT max(id) FROM habit", on: url) == 42)
            }
        }
    }

    @Test("a target that holds rows is refused, and a source that hands over more than it counted leaves nothing copied")
    func refusals() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                var tables = Self.tables(tracks: 3)
                let rows = (0..<4).map { ["41", "2024-02-0\($0 + 1)", "2024-01-02 03:04:05.000"] as [String?] }
                tables[2] = .init(name: "habitTrack", columns: Self.trackColumns, rowCount: 3) { batchRows, body in try await body(Array(rows.prefix(batchRows))) }
                await #expect(throws: PostgresAppDatabase.ImportFailure.self) { try await database.importTables(tables, batchRows: 10) }
                #expect(try await database.rowCounts(of: ["device", "habit", "habitTrack"]) == ["device": 0, "habit": 0, "habitTrack": 0])

                try await database.importTables(Self.tables(tracks: 3))
                do {
                    try await database.importTables(Self.tables(tracks: 3))
                    Issue.record("a second copy into a database with rows was not refused")
                } catch let failure as PostgresAppDatabase.ImportFailure {
                    #expect(failure.description.contains("already holds data"))
                }
            }
        }
    }

    /// Every constraint and index of the schema, as PostgreSQL would write it again.
    static let schemaObjects = """
        SELECT conrelid::regclass::text || ' ' || conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
        UNION ALL SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index
          WHERE indrelid::regclass::text IN (SELECT tablename FROM pg_tables WHERE schemaname = current_schema())
        ORDER BY 1
        """

    @Test("keys, indexes and foreign keys come off for the copy and are all back after it; a row naming no owner undoes the whole copy")
    func constraintsAfterTheCopy() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                let before = try await TestPostgres.pairs(Self.schemaObjects, on: url).map { "\($0.0): \($0.1)" }
                #expect(before.contains { $0.contains("FOREIGN KEY") } && before.contains { $0.contains("PRIMARY KEY") })

                var orphan = Self.tables(tracks: 2)
                orphan[1] = .init(name: "habit", columns: Self.habitColumns, rows: [
                    ["41", "ffffffffffffffffffffffffffffffff", "Water", "8", "30", "#ff0000", "2024-01-02 03:04:05.000", "2", nil],
                ])
                await #expect(throws: (any Error).self) { try await database.importTables(orphan) }
                #expect(try await database.rowCounts(of: ["device", "habit", "habitTrack"]) == ["device": 0, "habit": 0, "habitTrack": 0])
                #expect(try await TestPostgres.pairs(Self.schemaObjects, on: url).map { "\($0.0): \($0.1)" } == before)

                try await database.importTables(Self.tables(tracks: 2))
                #expect(try await TestPostgres.pairs(Self.schemaObjects, on: url).map { "\($0.0): \($0.1)" } == before)
                await #expect(throws: (any Error).self) {
                    try await TestPostgres.execute("INSERT INTO habitTrack (habitID, day, trackedAt) VALUES (41, '2024-01-01/0', now())", on: url)
                }
            }
        }
    }
}
