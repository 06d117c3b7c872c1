import Cars
import CompositionRoot
import Devices
import Foundation
import GitHub
import GRDB
import Habits
import Photos
import PostgresNIO
@testable import PostgresStorage
import PostgresTestSupport
import SecretSealing
import Storage
import Stories
import Synchronization
import Testing

/// Issue 34, found 6: a page's cost must not depend on who else owns a table. On a skewed database
/// (alice owns most rows of every table, after 2,000 other owners' rows) every store method runs
/// once for alice while the backend reports each statement it sends; then each statement's plan,
/// as the server would run it, must reach every per-owner table through an index on its owner
/// (or its own key): no full scan, no walk of another index that filters owners; and a page comes
/// in the index's order, unsorted (SQLite never sorts at all).
@Suite("Owner query plans", .serialized)
struct OwnerQueryPlanTests {
    /// Tables that hold rows of many owners, and how a statement may reach them.
    static let perOwnerTables = ["car", "carBodyCount", "habit", "habitTrack", "habitSkip", "habitNote", "habitValue", "photoFeed", "photoFeedItem", "deviceSecret",
                                 "storiesSettings", "device"]

    @Test("SQLite: every statement the stores run searches an index of its owner", .timeLimit(.minutes(2)))
    func sqlite() async throws {
        try await StoreFixture.with(.sqlite) { fixture in
            let recorded = Mutex<[String]>([])
            do {
                let database = try AppDatabase.open(at: fixture.sqliteFile, apps: StoreBackend.sqliteApps, observer: nil)
                try database.close()
            }
            for statement in Self.seedSQL(.sqlite) { try await fixture.execute(statement) }
            try await fixture.execute("ANALYZE")
            let database = try AppDatabase.open(
                at: fixture.sqliteFile, apps: StoreBackend.sqliteApps, observer: { sql in recorded.withLock { $0.append(sql) } })
            try await Self.exercise(.sqlite(database), sealer: fixture.sealer())
            try database.close()

            let statements = Self.unique(recorded.withLock { $0 }.filter(Self.isPlanned))
            #expect(statements.count >= 25, "the stores' statements were recorded")
            let queue = try DatabaseQueue(path: fixture.sqliteFile.path)
            defer { try? queue.close() }
            var reached: Set<String> = []
            for sql in statements {
                let details = try await queue.read { db in
                    // Unbound parameters are NULL: without statistics of values (no sqlite_stat4),
                    // SQLite's plan does not depend on them.
                    let statement = try db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql)
                    statement.setUncheckedArguments([])
                    return try Row.fetchAll(statement).map { $0["detail"] as String }
                }
                for detail in details {
                    let words = detail.split(separator: " ").map(String.init)
                    guard words.count >= 2 else { continue }
                    if words[0] == "SCAN", Self.perOwnerTables.contains(words[1]) {
                        Issue.record("a full scan of \(words[1]): \(detail)\n  in: \(sql)")
                    }
                    if detail.hasPrefix("USE TEMP B-TREE") { Issue.record("a sort: \(detail)\n  in: \(sql)") }
                    if words[0] == "SEARCH", Self.perOwnerTables.contains(words[1]) { reached.insert(words[1]) }
                }
            }
            #expect(reached == Set(Self.perOwnerTables), "every per-owner table was read by a search")
        }
    }

    @Test("PostgreSQL: every statement's generic plan scans an index of its owner", .timeLimit(.minutes(3)))
    func postgres() async throws {
        try await StoreFixture.with(.postgres) { fixture in
            let url = try #require(fixture.postgres)
            try await TestPostgres.withMigrated(url) { _ in }
            for statement in Self.seedSQL(.postgres) { try await fixture.execute(statement) }
            try await fixture.execute("ANALYZE")
            let recorded = Mutex<[PostgresQuery]>([])
            let database = PostgresAppDatabase(
                url: url, apps: StoreBackend.postgresApps, statementTimeout: .seconds(60), logger: TestPostgres.logger,
                observer: { query in recorded.withLock { $0.append(query) } })
            try await TestPostgres.whileRunning(database) {
                // A custom plan, made for alice's id, scans `car` and `habit` whole or walks their
                // primary keys (seen with this seed): what runs must be the generic plan.
                let mode = try await database.pool.query("SHOW plan_cache_mode").value(String.self)
                #expect(mode == "force_generic_plan", "the stores' sessions run generic plans")
                try await Self.exercise(.postgres(database), sealer: fixture.sealer())
                let queries = recorded.withLock { $0 }.filter { Self.isPlanned($0.sql) }
                var seen: Set<String> = []
                let statements = queries.filter { seen.insert($0.sql).inserted }
                #expect(statements.count >= 25, "the stores' statements were recorded")
                var reached: Set<String> = []
                for (index, query) in statements.enumerated() {
                    let plan = try await Self.genericPlan(of: query, named: "probe\(index)", on: database)
                    for scan in plan {
                        if let problem = scan.problem { Issue.record("\(problem)\n  in: \(query.sql)") } else { reached.insert(scan.table) }
                    }
                }
                #expect(reached == Set(Self.perOwnerTables.map { $0.lowercased() }), "every per-owner table was read through an index")
            }
        }
    }

    // MARK: What runs

    /// Every method of every per-owner store, for alice, who owns most rows.
    static func exercise(_ stores: Stores, sealer: SecretSealer) async throws {
        let cars = stores.cars(.alice)
        _ = try await cars.listSlice(body: nil, after: nil, limit: 51)
        _ = try await cars.listSlice(body: .suv, after: 100, limit: 51)
        _ = try await cars.cars(body: nil)
        _ = try await cars.cars(body: .sedan)
        let car = try await cars.add(NewCar(manufacturer: "Lada", model: "Niva", body: .suv))
        #expect(try await cars.delete(id: car.id))

        let habits = stores.habits(.alice)
        let today = try #require(CalendarDay(year: 2026, month: 11, day: 27))
        _ = try await habits.overviews(today: today)
        let all = try await habits.habits()
        #expect(all.count == 900)
        _ = try await habits.habit(id: all[0].id)
        _ = try await habits.firstActivity()
        let fields = HabitFields(name: "Read", time: TimeOfDay(hour: 7, minute: 30)!, color: .defaultColor)
        let habit = try await habits.create(fields, at: .now)
        #expect(try await habits.update(id: habit.id, with: fields))
        #expect(try await habits.track(id: habit.id, on: today, at: .now) == .changed)
        #expect(try await habits.untrack(id: habit.id, on: today) == .changed)
        #expect(try await habits.skip(id: habit.id, on: today, at: .now) == .changed)
        #expect(try await habits.unskip(id: habit.id, on: today) == .changed)
        #expect(try await habits.setNote(id: habit.id, on: today, "Rain") == .changed)
        #expect(try await habits.setNote(id: habit.id, on: today, nil) == .changed)
        // Issue 48: a measurable habit's value, and an edit that derives its done days again.
        var measured = fields
        measured.measure = HabitMeasure(unit: "km", target: 5, kind: .atLeast)
        let counted = try await habits.create(measured, at: .now)
        #expect(try await habits.setValue(id: counted.id, on: today, 6, at: .now) == .changed)
        #expect(try await habits.update(id: counted.id, with: measured))
        #expect(try await habits.delete(id: counted.id))
        #expect(try await habits.move(id: habit.id, .up))
        #expect(try await habits.setArchived(id: habit.id, true))
        _ = try await habits.archivedOverviews(today: today)
        #expect(try await habits.delete(id: habit.id))

        let feed = stores.photoFeed(.alice)
        let shown = try await feed.feed()
        #expect(shown.shownIDs.count == 3_000)
        try await feed.save(PhotoFeed(shownIDs: shown.shownIDs + [9_001], cursor: shown.cursor + 1))
        try await feed.update { $0.cursor += 1 }

        let drawing = stores.storiesSettings(.alice)
        _ = try await drawing.settings()
        try await drawing.update { $0.isDrawingEnabled.toggle() }

        let secrets = stores.githubTokens(.alice, sealer)
        try await secrets.set("token", forKey: "github")
        #expect(try await secrets.string(forKey: "github") == "token")
        try await secrets.remove(forKey: "github")

        _ = try await stores.devices.preferences(of: .alice)
        try await stores.devices.setLanguage("ru", for: .alice)
        try await stores.devices.setTimeZone("Europe/Moscow", for: .alice)
    }

    /// 2,000 other owners, each with a few rows in every table, then alice with most of each:
    /// 9,000 of 13,000 cars, 900 of 4,900 habits and 27,000 of 31,000 days tracked, 3,000 of
    /// 9,000 photos shown. Her rows come after the others', as a device that arrived late has.
    static func seedSQL(_ backend: Backend) -> [String] {
        let alice = DeviceID.alice.rawValue
        let numbers = { (count: Int) in "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))" }
        let sealed = backend == .sqlite ? "X'00'" : "'\\x00'::bytea"
        let bodies = "CASE i % 3 WHEN 0 THEN 'sedan' WHEN 1 THEN 'suv' ELSE 'wagon' END"
        return [
            "\(numbers(2_000)) INSERT INTO device (id, createdAt) SELECT 'o' || i, CURRENT_TIMESTAMP FROM n",
            "INSERT INTO device (id, createdAt) VALUES ('\(alice)', CURRENT_TIMESTAMP)",
            "\(numbers(4_000)) INSERT INTO car (deviceID, manufacturer, model, body) SELECT 'o' || (1 + i % 2000), 'Maker', 'Model', \(bodies) FROM n",
            "\(numbers(9_000)) INSERT INTO car (deviceID, manufacturer, model, body) SELECT '\(alice)', 'Maker', 'Model', \(bodies) FROM n",
            "\(numbers(4_000)) INSERT INTO habit (deviceID, name, hour, minute, color, createdAt) SELECT 'o' || (1 + i % 2000), 'Walk', 7, 0, '#FF9F4F', CURRENT_TIMESTAMP FROM n",
            "\(numbers(900)) INSERT INTO habit (deviceID, name, hour, minute, color, createdAt) SELECT '\(alice)', 'Run', 7, 0, '#FF9F4F', CURRENT_TIMESTAMP FROM n",
            "INSERT INTO habitTrack (habitID, day, trackedAt) SELECT id, '2026-11-01', CURRENT_TIMESTAMP FROM habit WHERE deviceID <> '\(alice)'",
            "\(numbers(30)) INSERT INTO habitTrack (habitID, day, trackedAt) SELECT h.id, '2026-10-' || CASE WHEN n.i < 10 THEN '0' ELSE '' END || n.i, CURRENT_TIMESTAMP FROM habit h, n WHERE h.deviceID = '\(alice)' AND n.i <= 30",
            "INSERT INTO habitSkip (habitID, day) SELECT id, '2026-09-01' FROM habit",
            "INSERT INTO habitNote (habitID, day, note) SELECT id, '2026-09-02', 'Rain' FROM habit",
            "INSERT INTO habitValue (habitID, day, value) SELECT id, '2026-09-03', 2.5 FROM habit",
            "INSERT INTO photoFeed (deviceID, cursor) SELECT id, 3 FROM device WHERE id <> '\(alice)'",
            "INSERT INTO photoFeed (deviceID, cursor) VALUES ('\(alice)', 3000)",
            "\(numbers(3)) INSERT INTO photoFeedItem (deviceID, position, photoID) SELECT d.id, n.i - 1, n.i FROM device d, n WHERE d.id <> '\(alice)'",
            "\(numbers(3_000)) INSERT INTO photoFeedItem (deviceID, position, photoID) SELECT '\(alice)', i - 1, i FROM n",
            "INSERT INTO deviceSecret (deviceID, name, sealed) SELECT id, 'github', \(sealed) FROM device",
            "INSERT INTO storiesSettings (deviceID, settings) SELECT id, 'v1;draw=1;color=#f3af22' FROM device",
        ]
    }

    // MARK: Reading plans

    /// Statements with a plan: reads and writes, not transaction control or the triggers' inner
    /// statements (SQLite reports those as comments).
    static func isPlanned(_ sql: String) -> Bool {
        let first = sql.split(whereSeparator: { $0.isWhitespace }).first.map { $0.uppercased().trimmingCharacters(in: ["("]) }
        return ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"].contains(first ?? "")
    }

    static func unique(_ statements: [String]) -> [String] {
        var seen: Set<String> = []
        return statements.filter { seen.insert($0).inserted }
    }

    /// One table reached by a plan node, and what is wrong with how, if anything.
    struct Scan {
        let table: String
        let problem: String?
    }

    /// The plan the server runs for `query` on a connection of the stores' pool (their settings,
    /// `plan_cache_mode` among them): the statement prepared by name (its parameters' types
    /// inferred, as for the store's own statement), then explained as executed. A generic plan is
    /// made without the parameters' values, so NULLs stand in for them.
    static func genericPlan(of query: PostgresQuery, named name: String, on database: PostgresAppDatabase) async throws -> [Scan] {
        try await database.pool.withConnection { connection in
            let logger = TestPostgres.logger
            try await connection.query(PostgresQuery(unsafeSQL: "PREPARE \(name) AS \(query.sql)"), logger: logger).drain()
            let nulls = Array(repeating: "NULL", count: query.binds.count).joined(separator: ", ")
            let execute = query.binds.count == 0 ? "EXECUTE \(name)" : "EXECUTE \(name)(\(nulls))"
            var text = ""
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: "EXPLAIN (FORMAT JSON) \(execute)"), logger: logger) {
                text += try row.decode(String.self)
            }
            try await connection.query(PostgresQuery(unsafeSQL: "DEALLOCATE \(name)"), logger: logger).drain()
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
            var scans: [Scan] = []
            let paged = query.sql.contains("LIMIT")
            for entry in json ?? [] { Self.collect(entry["Plan"] as? [String: Any], paged: paged, into: &scans) }
            return scans
        }
    }

    /// Walks a JSON plan: every node that reads a per-owner table must use an index whose
    /// condition names the owner or the row's own key. A page (`paged`: a statement with a LIMIT)
    /// must come in the index's order, never sorted: a sort reads all of the owner's rows. Reading
    /// all of them anyway (an export, a habit's days), PostgreSQL may fetch them by a bitmap of
    /// the owner's index and sort them, which costs less than walking the index.
    static func collect(_ node: [String: Any]?, paged: Bool, into scans: inout [Scan]) {
        guard let node else { return }
        if let table = node["Relation Name"] as? String, perOwnerTables.map({ $0.lowercased() }).contains(table),
           let type = node["Node Type"] as? String, type != "ModifyTable" {
            let condition = (node["Index Cond"] as? String ?? "") + (node["Recheck Cond"] as? String ?? "")
            let keyed = ["deviceid =", "habitid =", "(id =", "id = "].contains { condition.contains($0) }
            switch type {
            case _ where keyed && ["Index Scan", "Index Only Scan", "Bitmap Heap Scan"].contains(type):
                scans.append(Scan(table: table, problem: nil))
            default:
                let index = node["Index Name"] as? String ?? "-"
                scans.append(Scan(table: table, problem: "\(table): \(type) (index \(index), condition \(condition))"))
            }
        }
        if paged, node["Node Type"] as? String == "Sort" {
            scans.append(Scan(table: "-", problem: "a page sorted: \(node["Sort Key"] ?? "")"))
        }
        for child in node["Plans"] as? [[String: Any]] ?? [] { collect(child, paged: paged, into: &scans) }
    }
}
