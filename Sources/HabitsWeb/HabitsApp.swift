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

    public var tile: AppTile? { AppTile(id: "habits", path: HabitsPath.base, icon: "icons/app-habits.svg", order: 8, nameKey: "habits.tileName") }
    public var resources: URL? { Bundle.module.bundleURL.appendingPathComponent("Resources") }
    public var catalogueNamespace: String { "habits" }
    public var strings: Catalogues { .habits }

    /// MyHabits installs as its own app: its name, icon, start page and splash colours (HB-1).
    public var manifest: AppManifest? {
        AppManifest(
            id: HabitsPath.base, nameKey: "habits.appName", shortNameKey: "habits.appName", descriptionKey: nil,
            startPath: HabitsPath.base, backgroundColor: "#ffffff", themeColor: "#f9f9f9",
            icons: [
                .init(asset: "icons/app-habits.svg", sizes: "any"),
                .init(asset: "icons/habits-192.png", sizes: "192x192"),
                .init(asset: "icons/habits-512.png", sizes: "512x512", purpose: "any maskable"),
            ])
    }

    public func addRoutes(to router: Router<AppRequestContext>, shell: Shell) {
        HabitsController(store: store, shell: shell).addRoutes(to: router.group(RouterPath(HabitsPath.base)))
    }
}
