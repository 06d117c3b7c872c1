import Devices
import Persistence
import PostgresStorage
import Storage

/// One owner's data in every app that keeps some (issue 35; the backup file of issue 36 carries
/// it), keyed by the app's id; the device's language and time zone under "device".
public struct DeckBackup: Sendable {
    public var sections: [String: any AppBackupSection]

    public init(sections: [String: any AppBackupSection]) {
        self.sections = sections
    }
}

extension StoreBackend {
    /// The apps that keep data, the device's own first: an app keeps data on both backends or on
    /// neither (`DeckTests` checks the entries).
    static var keepers: [(id: String, sqlite: any SQLiteAppStorage.Type, postgres: any PostgresAppStorage.Type)] {
        [("device", DevicesSQLiteStorage.self, DevicesPostgresStorage.self)]
            + Deck.entries.compactMap { entry in
                guard let sqlite = entry.sqlite, let postgres = entry.postgres else { return nil }
                return (entry.id, sqlite, postgres)
            }
    }

    /// Everything `owner` keeps, in one snapshot.
    public func backup(of owner: DeviceID) async throws -> DeckBackup {
        let keepers = Self.keepers
        let sections = switch self {
        case .sqlite(let database): try await database.backup(of: owner, apps: keepers.map(\.sqlite))
        case .postgres(let database): try await database.backup(of: owner, apps: keepers.map(\.postgres))
        }
        return DeckBackup(sections: Dictionary(uniqueKeysWithValues: zip(keepers.map(\.id), sections)))
    }

    /// Replaces everything `owner` keeps by `backup`, in one transaction; an app the backup has no
    /// section for is emptied. Throws `BackupRejected` (nothing changed) for a section no store can hold.
    public func restore(_ backup: DeckBackup, for owner: DeviceID, spending: SpentConfirmation? = nil) async throws {
        let keepers = Self.keepers
        switch self {
        case .sqlite(let database):
            let sections = keepers.map { keeper -> any AppBackupSection in
                if let section = backup.sections[keeper.id] { return section }
                return Self.emptySection(sqlite: keeper.sqlite)
            }
            try await database.restore(sections, to: keepers.map(\.sqlite), for: owner, spending: spending)
        case .postgres(let database):
            let sections = keepers.map { keeper -> any AppBackupSection in
                if let section = backup.sections[keeper.id] { return section }
                return Self.emptySection(postgres: keeper.postgres)
            }
            try await database.restore(sections, to: keepers.map(\.postgres), for: owner, spending: spending)
        }
    }

    private static func emptySection<Storage: SQLiteAppStorage>(sqlite storage: Storage.Type) -> any AppBackupSection { Storage.Backup.empty }
    private static func emptySection<Storage: PostgresAppStorage>(postgres storage: Storage.Type) -> any AppBackupSection { Storage.Backup.empty }
}

extension StoreBackend {
    /// The ids of a backup's sections, the device's own first.
    public static var keeperIDs: [String] { keepers.map(\.id) }
}
