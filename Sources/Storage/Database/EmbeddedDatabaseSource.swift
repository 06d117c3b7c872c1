import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// An embedded install's `appdeck.sqlite` as `appdeck migrate-data` reads it (issue 33): never
/// written, checked to be AppDeck's before anything is copied, and with what its neighbours tell.
///
/// SQLite is asked to read the file only (`Configuration.readonly`), and the schema of an older
/// AppDeck is brought up to date in a private temporary copy, never in the file. With no `-wal`
/// beside it the file is opened `immutable`, so SQLite does not even create a `-wal` or `-shm`
/// next to it; with one, SQLite reads through it (a running server's latest writes, or a killed
/// one's) and uses or makes the `-shm` index beside it, as any reader does.
public struct EmbeddedDatabaseSource: Sendable {
    public let url: URL
    /// The header says WAL mode (bytes 18 and 19 are 2): what every AppDeck database says.
    public let isWALMode: Bool
    public let hasWAL: Bool
    public let hasSharedMemory: Bool
    /// The process that has the database open (its lock on the `-shm`), when another has.
    public let openInProcess: Int32?

    /// What is beside `url`, after refusing a file that is missing, empty or not SQLite's.
    public init(url: URL) throws(EmbeddedDatabaseFailure) {
        self.url = url
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .missing(path: path)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path, reason: "it cannot be opened for reading") }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        hasWAL = FileManager.default.fileExists(atPath: path + "-wal")
        hasSharedMemory = FileManager.default.fileExists(atPath: path + "-shm")
        guard !header.isEmpty else { throw .empty(path: path, walBeside: hasWAL) }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else { throw .notSQLite(path: path) }
        isWALMode = header[header.startIndex + 18] == 2 || header[header.startIndex + 19] == 2
        openInProcess = hasSharedMemory ? Self.processHoldingSharedMemory(path + "-shm") : nil
    }

    /// What an operator should know before trusting the copy.
    public var warnings: [String] {
        let name = url.lastPathComponent
        var warnings: [String] = []
        if let process = openInProcess {
            warnings.append(
                "\(url.path) is open in process \(process) (a running server?). The copy is what it holds at this moment; "
                    + "anything written after that is not copied. Stop the server first to copy everything.")
        }
        if isWALMode, !hasWAL {
            if hasSharedMemory {
                warnings.append(
                    "\(name)-shm is beside \(name) but \(name)-wal is not: if the -wal was left behind when the file was copied, "
                        + "the writes it held are missing from this copy. Copy \(name) together with its -wal.")
            } else {
                warnings.append(
                    "No \(name)-wal is beside \(name). That is right for a file its server had stopped with (it folds the -wal "
                        + "into the file as it stops); a file copied from a running or killed server needs its -wal, or its latest writes are missing.")
            }
        }
        return warnings
    }

    /// Every AppDeck table of the file, ready to be read a batch at a time without writing the
    /// file, after checking it is an AppDeck database with rows: the file is copied into a private
    /// temporary database (SQLite's online backup, page by page, a consistent snapshot even of a
    /// file a server writes on), where the schema an older AppDeck left is brought up to date.
    /// SQLite keeps that copy on disk beyond its small page cache, so memory stays bounded.
    /// A file that no server has open (no `-wal` beside it, so opened `immutable`) and whose
    /// schema is already this version's is read in place instead: nothing can change it between
    /// two batches and nothing needs migrating, so the copy would only cost time (issue 34: about
    /// a sixth of a million-tick migration).
    /// `apps`: the apps whose tables the copy's schema is brought up to (the deck's registry).
    public func openExport(apps: [any SQLiteAppStorage.Type]) throws(EmbeddedDatabaseFailure) -> EmbeddedExport {
        let path = url.path
        let schema = SQLiteSchema(apps: apps)
        if !hasWAL, let export = openCurrentInPlace(schema) { return export }
        let copy: DatabaseQueue
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(5)
            let source = try DatabaseQueue(path: hasWAL ? path : Self.immutableURI(path), configuration: configuration)
            copy = try DatabaseQueue(path: "")  // SQLite's private temporary file, gone when closed
            try source.backup(to: copy)
            try source.close()
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        let applied: [String]
        do {
            applied = try copy.write { db in
                try schema.adoptFormerIDs(db)
                guard try db.tableExists("grdb_migrations") else { return [] }
                return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
        let known = Set(schema.migrations.map(\.id))
        guard applied.contains(schema.migrations[0].id) else {
            let tables = (try? copy.read { db in try AppDatabase.tableNames(db) }) ?? []
            if tables.isEmpty {
                throw .noTables(path: path, walMissing: isWALMode && !hasWAL)
            }
            throw .notAppDeck(path: path, tables: tables)
        }
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw .newerAppDeck(path: path, migrations: unknown.sorted()) }
        do {
            try schema.migrator.migrate(copy)
            let export = try EmbeddedExport(queue: copy, readsInPlace: false)
            guard export.tables.contains(where: { $0.rowCount > 0 }) else {
                try? export.close()
                throw EmbeddedDatabaseFailure.noRows(path: path, walMissing: isWALMode && !hasWAL)
            }
            return export
        } catch let failure as EmbeddedDatabaseFailure {
            throw failure
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
    }

    /// The file itself, opened read only and immutable, when its migration log is exactly this
    /// version's (no migration missing, none under a former id, none unknown) and it holds rows;
    /// nil for any other file, which `openExport` then copies, migrates and judges.
    private func openCurrentInPlace(_ schema: SQLiteSchema) -> EmbeddedExport? {
        var configuration = Configuration()
        configuration.readonly = true
        guard let source = try? DatabaseQueue(path: Self.immutableURI(url.path), configuration: configuration) else { return nil }
        let applied = try? source.read { db -> [String]? in
            guard try db.tableExists("grdb_migrations") else { return nil }
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        guard let applied = applied ?? nil, applied.count == schema.migrations.count,
              Set(applied) == Set(schema.migrations.map(\.id)),
              let export = try? EmbeddedExport(queue: source, readsInPlace: true), export.tables.contains(where: { $0.rowCount > 0 })
        else {
            try? source.close()
            return nil
        }
        return export
    }

    /// `file:` URI of `path`, read only and immutable: SQLite reads the file alone and makes
    /// nothing beside it (Debian's SQLite takes URIs as file names: SQLITE_USE_URI).
    static func immutableURI(_ path: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: unreserved) ?? path) + "?mode=ro&immutable=1"
    }

    /// Another process's lock on the `-shm` file: every SQLite connection to a WAL database holds
    /// a shared lock on its byte 128 (the "dead man switch") while it is open, so asking whether
    /// an exclusive lock could be taken there tells whether any other process has the database
    /// open, and which. (Locks of this process never conflict with its own, so this is asked
    /// before this process opens the database.)
    static func processHoldingSharedMemory(_ path: String) -> Int32? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 128
        lock.l_len = 1
        guard fcntl(descriptor, F_GETLK, &lock) == 0, lock.l_type != Int16(F_UNLCK) else { return nil }
        return lock.l_pid
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return String(describing: error)
    }
}

/// Why an embedded database is not copied, in words an operator can act on.
public enum EmbeddedDatabaseFailure: Error, CustomStringConvertible, Equatable {
    case missing(path: String)
    case empty(path: String, walBeside: Bool)
    case notSQLite(path: String)
    case noTables(path: String, walMissing: Bool)
    case notAppDeck(path: String, tables: [String])
    case newerAppDeck(path: String, migrations: [String])
    case noRows(path: String, walMissing: Bool)
    case unreadable(path: String, reason: String)

    public var description: String {
        let walHint = " Its header says WAL mode and no -wal is beside it: if it was copied from a running or killed server, copy its -wal with it."
        switch self {
        case .missing(let path):
            return "No database file at \(path)."
        case .empty(let path, let walBeside):
            return "\(path) is empty (0 bytes): not an AppDeck database. Nothing was copied."
                + (walBeside ? " A -wal is beside it; a server that is still running has not written the file yet: stop it first." : "")
        case .notSQLite(let path):
            return "\(path) is not an SQLite database, so not an AppDeck one. Nothing was copied."
        case .noTables(let path, let walMissing):
            return "\(path) holds no tables: not an AppDeck database. Nothing was copied." + (walMissing ? walHint : "")
        case .notAppDeck(let path, let tables):
            let shown = tables.prefix(8).joined(separator: ", ") + (tables.count > 8 ? ", …" : "")
            return "\(path) is an SQLite database but not AppDeck's: it has none of AppDeck's migrations (its tables: \(shown)). Nothing was copied."
        case .newerAppDeck(let path, let migrations):
            return "\(path) was last used by a newer AppDeck (migrations this one does not know: \(migrations.joined(separator: ", "))). "
                + "Copy it with that version's appdeck. Nothing was copied."
        case .noRows(let path, let walMissing):
            return "\(path) is an AppDeck database without a single row: there is nothing to copy." + (walMissing ? walHint : "")
        case .unreadable(let path, let reason):
            return "\(path) could not be read: \(reason). Nothing was copied."
        }
    }
}
