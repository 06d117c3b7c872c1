import CompositionRoot
import Devices
import Foundation
import Storage
import Testing

/// `migrate-data`'s source (issue 33, item 9): only read, refused with a clear reason when it is
/// not an AppDeck database, its neighbours' news said.
@Suite("Embedded database source")
struct EmbeddedDatabaseSourceTests {
    static func listing(_ folder: URL) throws -> [String: Int] {
        try Dictionary(uniqueKeysWithValues: FileManager.default.contentsOfDirectory(atPath: folder.path).map { name in
            let size = (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? NSNumber)?.intValue
            return (name, size ?? -1)
        })
    }

    @Test("an empty file and one that is not SQLite are refused, saying so")
    func notADatabase() throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        try FileManager.default.createDirectory(at: temporary.directory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: temporary.file.path, contents: Data()))
        #expect(throws: EmbeddedDatabaseFailure.empty(path: temporary.file.path, walBeside: false)) {
            try EmbeddedDatabaseSource(url: temporary.file)
        }
        try Data(repeating: 0x41, count: 4096).write(to: temporary.file)
        #expect(throws: EmbeddedDatabaseFailure.notSQLite(path: temporary.file.path)) { try EmbeddedDatabaseSource(url: temporary.file) }
        let missing = temporary.directory.appendingPathComponent("missing.sqlite")
        #expect(throws: EmbeddedDatabaseFailure.missing(path: missing.path)) { try EmbeddedDatabaseSource(url: missing) }
    }

    @Test("an AppDeck file copied alone is read in full, and nothing is written or made beside it")
    func readOnly() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        try await database.devices.setTimeZone("Europe/Warsaw", for: DeviceID.random())
        try database.close()
        let folder = temporary.directory.appendingPathComponent("copy")
        let file = folder.appendingPathComponent("appdeck.sqlite")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: temporary.file, to: file)
        let before = try Self.listing(folder)
        let bytes = try Data(contentsOf: file)

        let source = try EmbeddedDatabaseSource(url: file)
        #expect(source.isWALMode && !source.hasWAL && !source.hasSharedMemory && source.openInProcess == nil)
        #expect(source.warnings.count == 1 && source.warnings[0].contains("No appdeck.sqlite-wal is beside appdeck.sqlite"))
        let export = try source.openExport(apps: StoreBackend.sqliteApps)
        #expect(export.readsInPlace, "a file alone with this version's schema needs no snapshot (issue 34)")
        #expect(export.tables.first { $0.name == "device" }?.rowCount == 1)
        try export.close()
        #expect(try Self.listing(folder) == before, "files were made beside the source")
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test("a database that is open (here, in this process) is read through its -wal")
    func throughTheWAL() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        defer { try? database.close() }
        try await database.devices.setTimeZone("Europe/Warsaw", for: DeviceID.random())
        let source = try EmbeddedDatabaseSource(url: temporary.file)
        #expect(source.hasWAL && source.hasSharedMemory)
        #expect(source.openInProcess == nil, "this process's own locks never count as another's")
        let export = try source.openExport(apps: StoreBackend.sqliteApps)
        #expect(!export.readsInPlace, "a file a server writes on is read through a snapshot")
        #expect(export.tables.first { $0.name == "device" }?.rowCount == 1)
        try export.close()
    }

    /// Every row of `table`, read `batchRows` at a time, and the size of each batch read.
    static func read(_ table: String, of export: EmbeddedExport, batchRows: Int) async throws -> (rows: [[String?]], batches: [Int]) {
        let table = try #require(export.tables.first { $0.name == table })
        var rows: [[String?]] = []
        var batches: [Int] = []
        try await export.readRows(of: table, batchRows: batchRows) { batch in
            batches.append(batch.count)
            rows += batch
        }
        return (rows, batches)
    }

    @Test(
        "rows are read a batch at a time, never more than asked, each row once, at a batch's edges too (issue 34)",
        arguments: [(0, [] as [Int]), (3, [3]), (4, [3, 1]), (10, [3, 3, 3, 1]), (12, [3, 3, 3, 3])])
    func batches(devices: Int, expected: [Int]) async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try temporary.open()
        var ids: [String] = []
        for _ in 0..<devices {
            let device = DeviceID.random()
            ids.append(device.rawValue)
            try await database.devices.setTimeZone("Europe/Warsaw\t\\", for: device)
        }
        try database.close()
        let source = try EmbeddedDatabaseSource(url: temporary.file)
        if devices == 0 {
            #expect(throws: EmbeddedDatabaseFailure.noRows(path: temporary.file.path, walMissing: true)) { try source.openExport(apps: StoreBackend.sqliteApps) }
            return
        }
        let export = try source.openExport(apps: StoreBackend.sqliteApps)
        defer { try? export.close() }
        let device = try await Self.read("device", of: export, batchRows: 3)
        #expect(device.batches == expected)
        #expect(Set(device.rows.map { $0[0] ?? "" }) == Set(ids) && device.rows.count == devices)
        #expect(device.rows.allSatisfy { $0[3] == "Europe/Warsaw\t\\" })
        #expect(export.tables.first { $0.name == "device" }?.rowCount == devices)
        let empty = try await Self.read("photoList", of: export, batchRows: 3)
        #expect(empty.rows.isEmpty && empty.batches.isEmpty)
    }
}
