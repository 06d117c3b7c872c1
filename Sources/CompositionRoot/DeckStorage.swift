import Devices
import Foundation
import Logging
import PostgresStorage
import ServiceLifecycle
import Synchronization
import Storage

/// The deck's database as a service of the server's group (issue 35), whichever the backend: the
/// group stops it after the HTTP server, so the last request is answered before it closes.
/// `prepare()` runs once the group has started it and before the server listens; what needs the
/// schema (the photo list's loader) waits for `ready`.
public final class DeckStorage: Service, Sendable {
    public let backend: StoreBackend
    /// Opened once the schema is up to date.
    let ready = Readiness()
    private let keys: DeckKeys
    private let logger: Logger

    /// Opens the backend the settings name: SQLite in the data directory (migrated here), or a
    /// PostgreSQL client (migrated by `prepare`, once it runs).
    public init(_ settings: ServerSettings, keys: DeckKeys, logger: Logger) throws {
        if let url = settings.databaseURL {
            backend = .postgres(PostgresAppDatabase(url: url, apps: StoreBackend.postgresApps, poolSize: settings.databasePoolSize, logger: logger))
        } else {
            backend = .sqlite(try AppDatabase.open(at: settings.dataDirectory.appendingPathComponent("appdeck.sqlite"), apps: StoreBackend.sqliteApps))
        }
        self.keys = keys
        self.logger = logger
    }

    public func run() async throws {
        switch backend {
        case .sqlite(let database):
            try? await gracefulShutdown()
            try database.close()
            logger.info("Stopped; database closed.")
        case .postgres(let database):
            await database.run()
            logger.info("Stopped; database connections closed.")
        }
    }

    /// Brings a shared database's schema up to date (whatever other servers start at the same
    /// moment) and checks that it has seen the same keys; logs the database's state.
    func prepare(fingerprints: [String: String]) async throws {
        switch backend {
        case .sqlite(let database):
            let journal = try database.journalMode()
            let migrations = try database.appliedMigrations().count
            let devices = try await database.devices.count()
            logger.info("Database ready", metadata: ["journal": "\(journal)", "migrations": "\(migrations)", "devices": "\(devices)"])
        case .postgres(let database):
            let applied = try await database.migrate()
            try await database.checkKeyFingerprints(fingerprints)
            let devices = try await database.devices.count()
            logger.info("Database ready", metadata: ["database": "\(database.url)", "migrated": "\(applied.count)", "devices": "\(devices)"])
        }
        ready.open()
    }
}

/// A gate that opens once; every task that waits at it (the photo list's loader, the reminder
/// scheduler) goes on when it opens, or when that task is cancelled.
final class Readiness: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(State())

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.resume(returning: true) }
    }

    /// True once the gate is open; false when the waiting task was cancelled first.
    func wait() async -> Bool {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow: Bool? = state.withLock { state in
                    if state.isOpen { return true }
                    if Task.isCancelled { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
        }
    }
}
