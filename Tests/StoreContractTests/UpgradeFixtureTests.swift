import Cars
import CompositionRoot
import Devices
import Foundation
import GRDB
import Habits
import Photos
import PostgresNIO
import PostgresStorage
import PostgresTestSupport
import Storage
import Stories
import Testing

/// Issue 35: a database made before each app had migrations of its own (AppDeck a80f79f; dumped as
/// text in `Fixtures/`) opens with today's code: its former migration ids are logged under
/// today's, nothing applies twice, every row is kept, and the stores work on it.
@Suite("Upgrading a database made before per-app migrations")
struct UpgradeFixtureTests {
    @Test("an SQLite file made by a80f79f", .timeLimit(.minutes(1)))
    func sqlite() async throws {
        try await StoreFixture.with(.sqlite) { fixture in
            let queue = try DatabaseQueue(path: fixture.sqliteFile.path)
            let dump = try Self.dump("upgrade-sqlite")
            try await queue.writeWithoutTransaction { db in try db.execute(sql: dump) }
            try queue.close()
            let before = try await Self.rowCounts(fixture)
            try await fixture.open { stores in
                guard case .sqlite(let database) = stores else { return }
                #expect(try database.appliedMigrations() == database.migrations)
                try await Self.expectFixtureData(stores)
            }
            #expect(try await Self.rowCounts(fixture) == before)
            #expect(try await fixture.integer("SELECT COUNT(*) FROM grdb_migrations WHERE identifier LIKE 'v%'") == 0)
        }
    }

    @Test("migrate-data reads a file made by a80f79f through an upgraded snapshot; once upgraded, in place (issue 34)", .timeLimit(.minutes(1)))
    func sqliteSource() async throws {
        try await StoreFixture.with(.sqlite) { fixture in
            let queue = try DatabaseQueue(path: fixture.sqliteFile.path)
            try await queue.writeWithoutTransaction { db in try db.execute(sql: try Self.dump("upgrade-sqlite")) }
            try queue.close()
            let older = try EmbeddedDatabaseSource(url: fixture.sqliteFile).openExport(apps: StoreBackend.sqliteApps)
            #expect(!older.readsInPlace)
            try older.close()
            try await fixture.open { _ in }  // the server's own upgrade, in the file
            let current = try EmbeddedDatabaseSource(url: fixture.sqliteFile).openExport(apps: StoreBackend.sqliteApps)
            defer { try? current.close() }
            #expect(current.readsInPlace)
            #expect(current.tables == older.tables, "the snapshot was brought up to this version's tables, rows all there")
            #expect(current.tables.first { $0.name == "device" }?.rowCount == 2)
        }
    }

    @Test("a PostgreSQL database made by a80f79f", .timeLimit(.minutes(3)))
    func postgres() async throws {
        try await StoreFixture.with(.postgres) { fixture in
            let url = try #require(fixture.postgres)
            try await Self.load(try Self.dump("upgrade-postgres"), into: url)
            let before = try await Self.rowCounts(fixture)
            try await fixture.open { stores in
                guard case .postgres(let database) = stores else { return }
                #expect(try await database.appliedMigrations() == database.migrations)
                try await Self.expectFixtureData(stores)
            }
            #expect(try await Self.rowCounts(fixture) == before)
            #expect(try await fixture.integer("SELECT COUNT(*) FROM appliedMigration WHERE id LIKE 'v%'") == 0)
        }
    }

    /// What the fixture's two devices keep, read through today's stores, then a change each store
    /// makes on the upgraded schema (its triggers included), undone.
    static func expectFixtureData(_ stores: StoreBackend) async throws {
        let created = Date(timeIntervalSince1970: 1_764_000_000)
        for (device, language, zone) in [(DeviceID.alice, "ru", "Europe/Moscow"), (DeviceID.bob, "pl", "Europe/Warsaw")] {
            #expect(try await stores.devices.preferences(of: device) == DevicePreferences(language: language, timeZone: zone))
            let cars = stores.cars(device)
            #expect(try await cars.cars(body: nil).map(\.newCar) == [
                NewCar(manufacturer: "Лада", model: "Нива «4×4»", body: .suv, yearOfIssue: 1977, carNumber: "А123ВС77"),
                NewCar(manufacturer: "Fiat", model: "126p & <co> \"ł\"", body: .hatchback),
                NewCar(manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2020, carNumber: "WX 12345"),
            ])
            #expect(try await cars.listSlice(body: nil, after: nil, limit: 50).countsByBody == [.suv: 1, .hatchback: 1, .sedan: 1])
            let habits = try await stores.habits(device).habits()
            #expect(habits.map { BackedUpHabit($0) } == [
                BackedUpHabit(name: "Читать", time: "21:30", color: HabitColor.defaultColor.hex, createdAt: created,
                              days: ["2026-11-20", "2026-11-21", "2026-11-23"]),
                BackedUpHabit(name: "Bieg, 5 km", time: "06:05", color: HabitColor(hex: "#34C759")!.hex, createdAt: created,
                              days: ["2026-11-22"]),
            ])
            #expect(try await stores.photoFeed(device).feed() == PhotoFeed(shownIDs: [3, 4, 5], cursor: 3))
            #expect(try await stores.storiesSettings(device).settings().isDrawingEnabled == false)
        }
        #expect(await stores.photoList.load()?.map(\.id) == [1, 2])

        let read = try #require(try await stores.habits(.alice).habits().first)
        let today = try #require(CalendarDay(iso: "2026-11-24"))
        #expect(try await stores.habits(.alice).track(id: read.id, on: today, at: .now) == .changed)
        let overview = try #require(try await stores.habits(.alice).overviews(today: today).first)
        #expect(overview.trackCount == 4 && overview.isTrackedToday)
        #expect(try await stores.habits(.alice).untrack(id: read.id, on: today) == .changed)
        let car = try await stores.cars(.alice).add(NewCar(manufacturer: "Volvo", model: "240", body: .wagon))
        #expect(try await stores.cars(.alice).listSlice(body: nil, after: nil, limit: 50).countsByBody[.wagon] == 1)
        #expect(try await stores.cars(.alice).delete(id: car.id))
    }

    /// How many rows each app table holds (the migration logs left out: their ids are renamed).
    static func rowCounts(_ fixture: StoreFixture) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in ["device", "car", "carBodyCount", "habit", "habitTrack", "photoFeed", "photoFeedItem", "deviceSecret",
                      "storiesSettings", "photoList"] {
            counts[table] = try await fixture.integer("SELECT COUNT(*) FROM \(table)")
        }
        return counts
    }

    static func dump(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "sql"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Runs a plain `pg_dump` (as psql would, without its meta-commands) one statement at a time (the extended protocol takes one): a statement
    /// ends with a line ending in `;` outside a `$$` function body.
    static func load(_ dump: String, into url: PostgresURL) async throws {
        var statements: [String] = []
        var statement = ""
        var inBody = false
        for line in dump.split(separator: "\n", omittingEmptySubsequences: false) {
            // Comments, blank lines and psql's own commands (`\\restrict`, which pg_dump writes) are not SQL.
            if statement.isEmpty && (line.hasPrefix("--") || line.hasPrefix("\\") || line.trimmingCharacters(in: .whitespaces).isEmpty) {
                continue
            }
            statement += line + "\n"
            if line.components(separatedBy: "$$").count % 2 == 0 { inBody.toggle() }
            if !inBody && line.hasSuffix(";") {
                statements.append(statement)
                statement = ""
            }
        }
        #expect(statement.isEmpty, "the dump ended inside a statement")
        #expect(statements.count > 50)
        try await TestPostgres.execute(statements, on: url)
    }
}
