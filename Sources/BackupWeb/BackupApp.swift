import Backup
import Foundation
import Hummingbird
import Localization
import WebShell

/// "Export everything" and "Restore from a backup" (issue 36): every app's data of the device at
/// once, so no tile; the composition root hands it the `BackupService` over the deck's stores.
public struct BackupApp: DeckApp {
    let service: BackupService
    let section: BackupSection
    let now: @Sendable () -> Date

    /// `tiles`: the deck's apps, which a restore's message links to.
    public init(service: BackupService, tiles: [AppTile], now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
        section = BackupSection(tiles: tiles)
        self.now = now
    }

    public var tile: AppTile? { nil }
    public var resources: URL? { nil }
    public var catalogueNamespace: String { "backup" }
    public var strings: Catalogues { .backup }
    public var uploadPaths: [String] { [BackupPath.restore.path, BackupPath.confirm.path] }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        BackupController(service: service, section: section, shell: shell, now: now).addRoutes(to: router.group(RouterPath(BackupPath.export.base)))
    }
}
