import Cars
import CarsWeb
import Devices
import Foundation
import Habits
import HabitsWeb
import HomeWeb
import HTTPConnections
import Hummingbird
import LayoutsWeb
import Logging
import SplitViewWeb
import Storage
import ThreadSafeArrayWeb
import WebShell

/// The composition root: the list of apps on the deck, wired to their live stores, and the server.
public enum AppDeckServer {
    /// Every app on the deck, over these stores of one device's data. Adding an app: a core, a web
    /// target, and a line here.
    public static func apps<CarStorage: CarStore, HabitStorage: HabitStore>(
        cars: @escaping @Sendable (DeviceID) -> CarStorage, habits: @escaping @Sendable (DeviceID) -> HabitStorage
    ) -> [any DeckApp] {
        let deck: [any DeckApp] = [
            CarsApp(store: cars),
            ThreadSafeArrayApp(),
            LayoutsApp(),
            SplitViewApp(),
            ComingSoonApp(id: "stories", path: "/stories", order: 5),
            ComingSoonApp(id: "photos", path: "/photos", order: 6),
            ComingSoonApp(id: "github", path: "/github", order: 7),
            HabitsApp(store: habits),
        ]
        return [HomeApp(tiles: deck.compactMap(\.tile))] + deck
    }

    /// The router for a database and data directory; tests drive it through HummingbirdTesting.
    public static func makeRouter(database: AppDatabase, dataDirectory: URL, logger: Logger) throws -> Router<AppRequestContext> {
        let apps = apps(cars: { database.carStore(owner: $0) }, habits: { database.habitStore(owner: $0) })
        return try makeRouter(apps: apps, devices: database.devices, dataDirectory: dataDirectory, logger: logger)
    }

    /// The router for any apps and device store: router tests pass apps over in-memory stores.
    public static func makeRouter(
        apps: [any DeckApp], devices: any DevicePreferencesStore, dataDirectory: URL, logger: Logger
    ) throws -> Router<AppRequestContext> {
        try DeckRouter.build(apps: apps, preferences: devices, dataDirectory: dataDirectory, logger: logger)
    }

    /// The whole server, a service to run in a `ServiceGroup` (or `runService()`), which stops
/// gracefully on SIGINT/SIGTERM.
    public static func makeApplication(
        host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(), database: AppDatabase, dataDirectory: URL, logger: Logger,
        onServerRunning: @escaping @Sendable (_ url: String) async -> Void
    ) throws -> some ApplicationProtocol {
        let router = try makeRouter(database: database, dataDirectory: dataDirectory, logger: logger)
        return Application(
            router: router,
            server: .deck(limits: limits),
            configuration: .init(address: .hostname(host, port: port), serverName: "AppDeck"),
            onServerRunning: { channel in
                let boundPort = channel.localAddress?.port ?? port
                await onServerRunning("http://\(host.contains(":") ? "[\(host)]" : host):\(boundPort)/")
            },
            logger: logger)
    }
}
