import Backup
import Foundation
import Hummingbird
import Localization
import WebShell

/// "Export everything" and "Restore from a backup" (issue 36): every app's data of the device at
/// once, so no tile; the composition root hands it the `BackupService` over the deck's stores.
public struct BackupApp: DeckApp {
    let service: BackupService
    let now: @Sendable () -> Date

    public init(service: BackupService, now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
        self.now = now
    }

    public var tile: AppTile? { nil }
    public var resources: URL? { nil }
    public var catalogueNamespace: String { "backup" }
    public var strings: Catalogues { .backup }
    public var uploadPaths: [String] { [BackupPath.restore.path, BackupPath.confirm.path] }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        BackupController(service: service, shell: shell, now: now).addRoutes(to: router.group(RouterPath(BackupPath.export.base)))
    }
}
