import Devices
import Foundation
import GitHubLive
import Logging
import Photos
import PhotosLive
import RepoBrowser
import ServiceLifecycle
import WebShell

/// What the apps are built from: the store backend, the clients of outside services, the clock
/// and the configuration. `live` makes the server's; tests make theirs with stand-ins.
public struct DeckEnvironment: Sendable {
    /// Where every app's data lives.
    public var stores: StoreBackend
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
        stores: StoreBackend, dataDirectory: URL, photos: PhotosParts, github: any GitHubAPI,
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
        stores: StoreBackend, dataDirectory: URL, keys: KeyDirectory? = nil, upstreams: Upstreams, logger: Logger
    ) throws -> (environment: DeckEnvironment, services: [any Service], start: @Sendable () async -> Void) {
        let photosLive = try PhotosLiveServices(apiBaseURL: upstreams.photosAPI, dataDirectory: dataDirectory, logger: logger)
        let photos = PhotosParts.live(
            photosLive, archive: FallbackPhotoListArchive(primary: PhotosEntry.photoList(on: stores), earlier: photosLive.earlierArchive))
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
