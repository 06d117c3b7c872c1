import CompositionRoot
import Devices
import Foundation
import Storage
import Testing

/// A fresh SQLite file in its own temporary directory, removed afterwards.
struct TemporaryDatabase {
    let directory: URL
    var file: URL { directory.appendingPathComponent("test.sqlite") }

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("storage-\(UUID())")
    }

    func open() throws -> AppDatabase { try AppDatabase.open(at: file, apps: StoreBackend.sqliteApps) }
    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// What only SQLite has: the file, its journal, GRDB's migrations. What every store keeps, on
/// SQLite and PostgreSQL alike, is in StoreContractTests.
@Suite("Storage")
struct StorageTests {
    @Test("opening migrates a new file in WAL mode, and reopening applies nothing twice")
    func migrations() throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        // Shipped migrations never change or move; an app's new one goes after its others.
        let shipped: [(any SQLiteAppStorage.Type, [String])] = [
            (DevicesSQLiteStorage.self, ["devices.1-device"]),
            (CarsSQLiteStorage.self, ["cars.1-car", "cars.2-body-index", "cars.3-body-counts"]),
            (HabitsSQLiteStorage.self, ["habits.1-habit", "habits.2-last-tracked-day"]),
            (PhotosSQLiteStorage.self, ["photos.1-feed", "photos.2-list"]),
            (StoriesSQLiteStorage.self, ["stories.1-settings"]),
            (GitHubSQLiteStorage.self, ["github.1-token"]),
        ]
        for (storage, ids) in shipped { #expect(Array(storage.migrations.map(\.id).prefix(ids.count)) == ids) }
        #expect(SessionsSQLiteStorage.migrations.map(\.id) == [
            "sessions.1-session", "sessions.2-link-grant", "sessions.3-link-code-lookup", "sessions.4-spent-upload", "sessions.5-removed-by",
            "sessions.6-given-name",
        ])
        #expect(database.migrations.first == "devices.1-device")
        #expect(try database.appliedMigrations() == database.migrations)
        #expect(try database.journalMode() == "wal")
        try database.close()
        let reopened = try temporary.open()
        #expect(try reopened.appliedMigrations() == reopened.migrations)
        try reopened.close()
    }

    @Test("closing folds the WAL into the file, so a copy of the file alone holds everything (issue 33)")
    func closeCheckpoints() throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        _ = try database.appliedMigrations()
        let wal = temporary.file.path + "-wal"
        let size = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0 }
        #expect(size(wal) > 0, "the migrations are in the WAL while the database is open")
        try database.close()
        #expect(size(wal) == 0, "the WAL still holds \(size(wal)) bytes after close")
        try database.close()  // a second close (tests close twice) asks nothing of the closed connection
        // The file alone, as a copy without its -wal would be, holds AppDeck's tables (read
        // without migrating: a fresh database has tables and no rows).
        let alone = temporary.directory.appendingPathComponent("alone/test.sqlite")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: temporary.file, to: alone)
        #expect(throws: EmbeddedDatabaseFailure.noRows(path: alone.path, walMissing: true)) {
            try EmbeddedDatabaseSource(url: alone).openExport(apps: StoreBackend.sqliteApps)
        }
    }

    @Test("device ids: only 32 lowercase hex digits are accepted; random ones are distinct")
    func deviceIDs() {
        #expect(DeviceID("0123456789abcdef0123456789abcdef") != nil)
        #expect(DeviceID("0123456789ABCDEF0123456789abcdef") == nil)
        #expect(DeviceID("0123") == nil)
        #expect(DeviceID("' OR 1=1 --'0123456789abcdef0123") == nil)
        let ids = (0..<100).map { _ in DeviceID.random() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { DeviceID($0.rawValue) == $0 })
    }
}
