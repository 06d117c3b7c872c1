import CarsWeb
import Devices
import Foundation
import GitHubLive
import Cars
import GitHubWeb
import Habits
import HabitsWeb
import HomeWeb
import LayoutsWeb
import Logging
import Photos
import PhotosLive
import PhotosWeb
import PostgresStorage
import RepoBrowser
import SecretSealing
import ServiceLifecycle
import SplitViewWeb
import Storage
import Stories
import StoriesWeb
import ThreadSafeArrayWeb
import WebShell

/// The deck: every app, in home-screen order, built from one environment. Adding an app is a line
/// here. An app that talks to a service of its own adds its client to `DeckEnvironment` as an
/// optional with a default of nil, made in `DeckEnvironment.live`, and is built here with the
/// client or its core's stand-in that always fails (`environment.quotes ?? QuotesUnavailable()`):
/// test decks that give no client compile unchanged and show the app's upstream-failure state.
public enum Deck {
    public static func apps<Stores: DeckStores>(_ environment: DeckEnvironment<Stores>) throws -> [any DeckApp] {
        let stores = environment.stores
        let keys = environment.keys
        let sealer = try keys.createsMissingKeys ? SecretSealer.loadOrCreate(in: keys.url) : SecretSealer.load(in: keys.url)
        let deck: [any DeckApp] = [
            CarsApp(store: { stores.carStore(owner: $0) }),
            ThreadSafeArrayApp(),
            LayoutsApp(),
            SplitViewApp(),
            StoriesApp(
                items: environment.stories.items, contentFolder: environment.stories.contentFolder,
                store: { stores.drawingSettingsStore(owner: $0) }),
            PhotosApp(
                service: environment.photos.service, thumbnails: environment.photos.thumbnails,
                store: { stores.photoFeedStore(owner: $0) }),
            GitHubApp(
                api: environment.github, storage: { stores.secretStore(owner: $0, sealer: sealer) }, now: environment.now,
                readmeImages: environment.readmeImages),
            HabitsApp(store: { stores.habitStore(owner: $0) }),
        ]
        return [HomeApp(tiles: deck.compactMap(\.tile))] + deck
    }
}

/// The store backend every app's stores come from, one value for the whole deck: SQLite's
/// `AppDatabase` (the embedded default) or `PostgresAppDatabase` (issue 26: several servers, one
/// database). An app with a store adds its
/// requirement here.
public protocol DeckStores: Sendable {
    associatedtype DeviceStorage: DevicePreferencesStore
    associatedtype CarStorage: CarStore
    associatedtype HabitStorage: HabitStore
    associatedtype PhotoFeedStorage: PhotoFeedStore
    associatedtype DrawingSettingsStorage: DrawingSettingsStore
    associatedtype SecretStorage: KeyValueStorage
    associatedtype PhotoListStorage: PhotoListArchive

    /// Each device's language and time zone.
    var devices: DeviceStorage { get }
    /// Throws unless the backend answers a query now (`/readyz`).
    func ping() async throws
    func carStore(owner: DeviceID) -> CarStorage
    func habitStore(owner: DeviceID) -> HabitStorage
    func photoFeedStore(owner: DeviceID) -> PhotoFeedStorage
    func drawingSettingsStore(owner: DeviceID) -> DrawingSettingsStorage
    /// The GitHub token, sealed with `sealer` at rest.
    func secretStore(owner: DeviceID, sealer: SecretSealer) -> SecretStorage
    /// The whole photo list, shared by every device (and every server on one database).
    var photoList: PhotoListStorage { get }
}

extension AppDatabase: DeckStores {}
extension PostgresAppDatabase: DeckStores {}

/// What the apps are built from: the store backend, the clients of outside services, the clock
/// and the configuration. `live` makes the server's; tests make theirs with stand-ins.
public struct DeckEnvironment<Stores: DeckStores>: Sendable {
    /// Every app's stores, and the devices' preferences.
    public var stores: Stores
    /// Where caches and archives live (and, by default, the keys and the SQLite file).
    public var dataDirectory: URL
    /// Where the keys are, and whether a missing one may be made.
    public var keys: KeyDirectory
    public var photos: PhotosParts
    public var github: any GitHubAPI
    /// README images for GitHub's signed image proxy (GH-3); nil draws every image as a placeholder.
    public var readmeImages: ReadmeImages?
    public var stories: StoriesParts
    public var now: @Sendable () -> Date

    public init(
        stores: Stores, dataDirectory: URL, photos: PhotosParts, github: any GitHubAPI,
        stories: StoriesParts, readmeImages: ReadmeImages? = nil, now: @escaping @Sendable () -> Date = Date.init,
        keys: KeyDirectory? = nil
    ) {
        self.keys = keys ?? .embedded(in: dataDirectory)
        self.stores = stores
        self.dataDirectory = dataDirectory
        self.photos = photos
        self.github = github
        self.readmeImages = readmeImages
        self.stories = stories
        self.now = now
    }

    /// Where the live clients go.
    public struct Upstreams: Sendable {
        public var photosAPI: URL = JSONPlaceholderClient.defaultBaseURL
        public var githubAPI: URL = GitHubClient.defaultBaseURL
        /// Hosts (`name` or `name:port`) the README image proxy may reach at private, loopback or
        /// link-local addresses (`--readme-image-private-hosts`; tests' stand-ins). Empty: none.
        public var readmeImagePrivateHosts: [String] = []

        public init(photosAPI: URL? = nil, githubAPI: URL? = nil, readmeImagePrivateHosts: [String] = []) {
            if let photosAPI { self.photosAPI = photosAPI }
            if let githubAPI { self.githubAPI = githubAPI }
            self.readmeImagePrivateHosts = readmeImagePrivateHosts
        }
    }

    /// The server's environment over `database`; the services to run beside the server, which
    /// close the live clients' connections after the server has stopped; and `start`, which has
    /// the clients load what they need (the photo list from the database, then from its service).
    /// Call `start` once the database is migrated: on a new PostgreSQL database the list's table
    /// exists only then.
    public static func live(
        stores: Stores, dataDirectory: URL, keys: KeyDirectory? = nil, upstreams: Upstreams, logger: Logger
    ) throws -> (environment: DeckEnvironment, services: [any Service], start: @Sendable () async -> Void) {
        let photosLive = try PhotosLiveServices(apiBaseURL: upstreams.photosAPI, dataDirectory: dataDirectory, logger: logger)
        let photos = PhotosParts.live(
            photosLive, archive: FallbackPhotoListArchive(primary: stores.photoList, earlier: photosLive.earlierArchive))
        let github = try GitHubLiveServices(
            baseURL: upstreams.githubAPI, dataDirectory: dataDirectory, readmeImagePrivateHosts: upstreams.readmeImagePrivateHosts,
            logger: logger)
        let environment = DeckEnvironment(
            stores: stores, dataDirectory: dataDirectory, photos: photos, github: github.api, stories: try .bundled,
            readmeImages: github.readmeImages, keys: keys)
        let services: [any Service] = [
            ClientService(stop: { await photosLive.shutdown() }),
            ClientService(stop: { await github.shutdown() }),
        ]
        return (environment, services, { await photos.service.catalogue.start() })  // PH-8
    }
}
