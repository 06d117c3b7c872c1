import CompositionRoot
import Foundation
import Storage
import Testing

/// The database file holds every device id and sealed secret (issue 33, item 2): it and its
/// `-wal` and `-shm` are the owner's alone, whatever the umask, and a folder made for it is 0700.
@Suite("Database file modes")
struct FileModeTests {
    static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a new database, its -wal and -shm are 0600, and the folder made for it 0700")
    func newDatabase() throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let database = try AppDatabase.open(at: temporary.directory.appendingPathComponent("nested/appdeck.sqlite"), apps: StoreBackend.sqliteApps)
        defer { try? database.close() }
        _ = try database.appliedMigrations()  // a read while the pool is open: the -wal and -shm exist
        let file = temporary.directory.appendingPathComponent("nested/appdeck.sqlite")
        for suffix in ["", "-wal", "-shm"] {
            let url = URL(fileURLWithPath: file.path + suffix)
            #expect(FileManager.default.fileExists(atPath: url.path), "\(suffix)")
            let mode = try Self.mode(url)
            #expect(mode == 0o600, "appdeck.sqlite\(suffix) is \(String(mode, radix: 8))")
        }
        #expect(try Self.mode(file.deletingLastPathComponent()) == 0o700)
    }

    @Test("a database found readable by others (an older AppDeck's, a copy) is narrowed to 0600 when opened")
    func existingDatabase() throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        try temporary.open().close()
        for suffix in ["", "-wal", "-shm"] {
            let path = temporary.file.path + suffix
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        let database = try temporary.open()
        defer { try? database.close() }
        for suffix in ["", "-wal", "-shm"] {
            #expect(try Self.mode(URL(fileURLWithPath: temporary.file.path + suffix)) == 0o600, "\(suffix)")
        }
    }
}
