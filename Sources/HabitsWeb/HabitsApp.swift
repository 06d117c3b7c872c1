import Devices
import Foundation
import Habits
import Hummingbird
import Localization
import WebShell

/// MyHabits (HB-1..10) on the deck, over any `HabitStore`: the composition root hands it the
/// SQLite one, router tests an in-memory one.
public struct HabitsApp<Store: HabitStore>: DeckApp {
    /// The store of one device's habits.
    let store: @Sendable (DeviceID) -> Store

    public init(store: @escaping @Sendable (DeviceID) -> Store) {
        self.store = store
    }

    public var tile: AppTile? { AppTile(id: "habits", path: HabitsPath.list.path, icon: "icons/app-habits.svg", order: 8, nameKey: "habits.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "habits" }
    public var strings: Catalogues { .habits }

    public var manifest: AppManifest? { HabitsFrame.manifest }
    public var uploadPaths: [String] { [HabitsPath.importFile.path, HabitsPath.importConfirm.path] }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        HabitsController(store: store, shell: shell).addRoutes(to: router.group(RouterPath(HabitsPath.list.base)))
    }
}
