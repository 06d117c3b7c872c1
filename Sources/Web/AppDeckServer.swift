import Cars
import CarsWeb
import Devices
import Foundation
import GitHubWeb
import Habits
import HabitsWeb
import HomeWeb
import HTTPConnections
import Hummingbird
import LayoutsWeb
import Logging
import Photos
import PhotosLive
import PhotosWeb
import RepoBrowser
import SplitViewWeb
import Storage
import Stories
import StoriesWeb
import ThreadSafeArrayWeb
import WebShell

/// The composition root: the list of apps on the deck, wired to their live stores, and the server.
public enum AppDeckServer {
    /// Every app on the deck, over these stores of one device's data. Adding an app: a core, a web
    /// target, and a line here.
    public static func apps<
        CarStorage: CarStore, HabitStorage: HabitStore, PhotoFeeds: PhotoFeedStore, Secrets: KeyValueStorage,
        StoriesSettings: DrawingSettingsStore
    >(
        cars: @escaping @Sendable (DeviceID) -> CarStorage, habits: @escaping @Sendable (DeviceID) -> HabitStorage,
        photos: PhotosParts, photoFeeds: @escaping @Sendable (DeviceID) -> PhotoFeeds,
        github: any GitHubAPI, secrets: @escaping @Sendable (DeviceID) -> Secrets,
        stories: StoriesParts, storiesSettings: @escaping @Sendable (DeviceID) -> StoriesSettings
    ) -> [any DeckApp] {
        let deck: [any DeckApp] = [
            CarsApp(store: cars),
            ThreadSafeArrayApp(),
            LayoutsApp(),
            SplitViewApp(),
            StoriesApp(items: stories.items, contentFolder: stories.contentFolder, store: storiesSettings),
            PhotosApp(service: photos.service, thumbnails: photos.thumbnails, store: photoFeeds),
            GitHubApp(api: github, storage: secrets),
            HabitsApp(store: habits),
        ]
        return [HomeApp(tiles: deck.compactMap(\.tile))] + deck
    }

    /// The router for a database, the photo services, GitHub's API and a data directory (where
    /// the key that seals secrets lives); tests drive it through HummingbirdTesting.
    public static func makeRouter(
        database: AppDatabase, photos: PhotosParts, github: any GitHubAPI, dataDirectory: URL, logger: Logger
    ) throws -> Router<AppRequestContext> {
        let sealer = try SecretSealer.loadOrCreate(in: dataDirectory)
        let apps = apps(
            cars: { database.carStore(owner: $0) }, habits: { database.habitStore(owner: $0) },
            photos: photos, photoFeeds: { database.photoFeedStore(owner: $0) },
            github: github, secrets: { database.secretStore(owner: $0, sealer: sealer) },
            stories: try .bundled, storiesSettings: { database.drawingSettingsStore(owner: $0) })
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
        host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(), database: AppDatabase, photos: PhotosParts,
        github: any GitHubAPI, dataDirectory: URL, logger: Logger,
        onServerRunning: @escaping @Sendable (_ url: String) async -> Void
    ) throws -> some ApplicationProtocol {
        let router = try makeRouter(database: database, photos: photos, github: github, dataDirectory: dataDirectory, logger: logger)
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

/// What Stories & Gallery shows: its items, and the folder whose `images/` holds their files.
public struct StoriesParts: Sendable {
    public let items: [StoryItem]
    public let contentFolder: URL?

    public init(items: [StoryItem], contentFolder: URL?) {
        self.items = items
        self.contentFolder = contentFolder
    }

    /// The content the Stories module ships; every drawing is parsed and checked here, so content
    /// that does not load stops the server at start, not a page later.
    public static var bundled: StoriesParts {
        get throws {
            StoriesParts(items: try StoriesContent.bundled, contentFolder: try StoriesContent.bundledContentURL.deletingLastPathComponent())
        }
    }
}

/// What the Photos app runs on, shared by every device: the list of photos and the thumbnails.
public struct PhotosParts: Sendable {
    public let service: PhotosService
    public let thumbnails: ThumbnailPipeline

    public init(service: PhotosService, thumbnails: ThumbnailPipeline) {
        self.service = service
        self.thumbnails = thumbnails
    }

    /// Over the live clients: jsonplaceholder's list, archived in the data directory, and the
    /// image hosts behind the memory and disk caches. Call `service.catalogue.start()` to load.
    public static func live(_ services: PhotosLiveServices) -> PhotosParts {
        PhotosParts(
            service: PhotosService(catalogue: PhotoCatalogue(source: services.source, archive: services.archive)),
            thumbnails: ThumbnailPipeline(fetcher: services.images, diskCache: services.diskCache))
    }
}
