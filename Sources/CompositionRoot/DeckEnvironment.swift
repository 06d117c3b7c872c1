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
    /// The deck's keys, loaded once.
    public var keys: DeckKeys
    public var photos: PhotosParts
    public var github: any GitHubAPI
    /// README images for GitHub's signed image proxy (GH-3); nil draws every image as a placeholder.
    public var readmeImages: ReadmeImages?
    public var stories: StoriesParts
    public var now: @Sendable () -> Date

    public init(
        stores: StoreBackend, keys: DeckKeys, dataDirectory: URL, photos: PhotosParts, github: any GitHubAPI,
        stories: StoriesParts, readmeImages: ReadmeImages? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.keys = keys
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

    /// The server's environment over `stores`, and the services that run beside the server: the
    /// live clients (stopped after the server, so their connections close after the last request)
    /// and the photo list's loader, which starts once `ready` opens (on a new PostgreSQL database
    /// the list's table exists only after the migrations).
    static func live(
        stores: StoreBackend, keys: DeckKeys, dataDirectory: URL, upstreams: Upstreams, ready: Readiness, logger: Logger
    ) throws -> (environment: DeckEnvironment, services: [any Service]) {
        let photosLive = try PhotosLiveServices(apiBaseURL: upstreams.photosAPI, dataDirectory: dataDirectory, logger: logger)
        let photos = PhotosParts.live(
            photosLive, archive: FallbackPhotoListArchive(primary: PhotosEntry.photoList(on: stores), earlier: photosLive.earlierArchive))
        let github = try GitHubLiveServices(
            baseURL: upstreams.githubAPI, dataDirectory: dataDirectory, readmeImagePrivateHosts: upstreams.readmeImagePrivateHosts,
            logger: logger)
        let environment = DeckEnvironment(
            stores: stores, keys: keys, dataDirectory: dataDirectory, photos: photos, github: github.api, stories: try .bundled,
            readmeImages: github.readmeImages)
        let services: [any Service] = [
            ClientService(stop: { await photosLive.shutdown() }),
            ClientService(stop: { await github.shutdown() }),
            PhotoListLoader(catalogue: photos.service.catalogue, ready: ready),
        ]
        return (environment, services)
    }
}
