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
    /// Reminders at the habit's time (issue 38); nil on a server without a VAPID key.
    let reminders: HabitRemindersConfiguration?

    public init(store: @escaping @Sendable (DeviceID) -> Store, reminders: HabitRemindersConfiguration? = nil) {
        self.store = store
        self.reminders = reminders
    }

    public var tile: AppTile? { AppTile(id: "habits", path: HabitsPath.list.path, icon: "icons/app-habits.svg", order: 8, nameKey: "habits.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "habits" }
    public var strings: Catalogues { .habits }

    public var manifest: AppManifest? { HabitsFrame.manifest }
    public var uploadPaths: [String] { [HabitsPath.importFile.path, HabitsPath.importConfirm.path] }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        HabitsController(store: store, shell: shell, reminders: reminders).addRoutes(to: router.group(RouterPath(HabitsPath.list.base)))
    }
}
