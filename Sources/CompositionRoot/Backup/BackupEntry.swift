import Backup
import BackupWeb
import Cars
import Devices
import Foundation
import Habits
import Persistence
import Photos
import Stories
import Storage
import WebShell

/// The backup screens (issue 36) over the deck's stores: every app that keeps data is a section
/// of the file, by its id and its stores' section type (`StoreBackend.keepers`).
enum BackupEntry {
    /// `tiles`: the deck's apps, which a restore's message links to.
    static func app(_ environment: DeckEnvironment, tiles: [AppTile]) -> any DeckApp {
        BackupApp(service: service(environment.stores, now: environment.now), tiles: tiles, now: environment.now)
    }

    static func service(_ stores: StoreBackend, now: @escaping @Sendable () -> Date) -> BackupService {
        BackupService(data: DeckOwnerData(stores: stores), format: format, counts: counts, now: now)
    }

    /// The file's sections: each keeper's id and its section's type.
    static var format: BackupFormat {
        BackupFormat(sections: StoreBackend.keepers.map { keeper in
            let storage: any SQLiteAppStorage.Type = keeper.sqlite
            return (keeper.id, sectionType(storage))
        })
    }

    private static func sectionType<Storage: SQLiteAppStorage>(_ storage: Storage.Type) -> any AppBackupSection.Type { Storage.Backup.self }

    /// What the preview lists: cars, habits, done days, photos in the feed, and how many apps'
    /// settings (the device's language and zone, Stories' drawing) come with it.
    @Sendable static func counts(_ file: BackupFile) -> [BackupCount] {
        let habits = (file.sections["habits"] as? HabitsBackup)?.habits ?? []
        var settings = 0
        if let device = file.sections["device"] as? DevicePreferences, device != .empty { settings += 1 }
        if let stories = file.sections["stories"] as? StoriesBackup, stories != .empty { settings += 1 }
        return [
            BackupCount(key: "cars", count: (file.sections["cars"] as? CarsBackup)?.cars.count ?? 0, app: "cars"),
            BackupCount(key: "habits", count: habits.count, app: "habits"),
            BackupCount(key: "days", count: habits.reduce(0) { $0 + $1.days.count }, app: "habits"),
            BackupCount(key: "photos", count: (file.sections["photos"] as? PhotoFeed)?.shownIDs.count ?? 0, app: "photos"),
            BackupCount(key: "settings", count: settings),
        ]
    }
}

/// Every app's data of one owner on the deck's backend.
struct DeckOwnerData: OwnerData {
    let stores: StoreBackend

    func sections(of owner: DeviceID) async throws -> [String: any AppBackupSection] {
        try await stores.backup(of: owner).sections
    }

    func replace(_ owner: DeviceID, by sections: [String: any AppBackupSection], spending: SpentConfirmation?) async throws {
        try await stores.restore(DeckBackup(sections: sections), for: owner, spending: spending)
    }
}
