import Foundation
import Logging
import ServiceLifecycle
import WebShell

/// What the apps are built from: the store backend, the keys, the clients of outside services, the
/// clock and the data directory. `live` makes the server's; tests make theirs with stand-ins.
public struct DeckEnvironment: Sendable {
    /// Where every app's data lives.
    public var stores: StoreBackend
    /// The deck's keys, loaded once.
    public var keys: DeckKeys
    /// Where caches and archives live (and, by default, the keys and the SQLite file).
    public var dataDirectory: URL
    /// Each app's clients of outside services, under the app's id (`PhotosParts` under "photos",
    /// `GitHubParts` under "github"). An app whose client is missing is built over its core's
    /// stand-in that always fails, so it shows its upstream-failure state.
    public var clients: [String: any Sendable]
    public var now: @Sendable () -> Date

    public init(
        stores: StoreBackend, keys: DeckKeys, dataDirectory: URL, clients: [String: any Sendable] = [:],
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.stores = stores
        self.keys = keys
        self.dataDirectory = dataDirectory
        self.clients = clients
        self.now = now
    }

    /// The client the app `id` was given, if it was one of `type`.
    func client<Client>(of id: String, as type: Client.Type) -> Client? {
        clients[id] as? Client
    }

    /// The server's environment over `stores`, with every app's live clients (each entry's
    /// `live`), and the services they run beside the server: stopped after it, so their
    /// connections close after the last request.
    static func live(
        stores: StoreBackend, keys: DeckKeys, settings: ServerSettings, ready: Readiness, logger: Logger
    ) throws -> (environment: DeckEnvironment, services: [any Service]) {
        let context = LiveContext(stores: stores, keys: keys, settings: settings, ready: ready, logger: logger)
        var clients: [String: any Sendable] = [:]
        var services: [any Service] = []
        for entry in Deck.entries {
            guard let live = try entry.live(context) else { continue }
            clients[entry.id] = live.client
            services += live.services
        }
        return (DeckEnvironment(stores: stores, keys: keys, dataDirectory: settings.dataDirectory, clients: clients), services)
    }
}

/// What an app's live clients are made from.
struct LiveContext: Sendable {
    let stores: StoreBackend
    let keys: DeckKeys
    let settings: ServerSettings
    /// Opens once the database's schema is up to date.
    let ready: Readiness
    let logger: Logger

    var dataDirectory: URL { settings.dataDirectory }

    /// Where `upstream` is: its option's or variable's URL, else its default.
    func url(of upstream: UpstreamOption) -> URL {
        settings.upstreamURLs[upstream.option] ?? upstream.defaultURL
    }
}

/// An app's clients of outside services, and the services that run them beside the server.
struct LiveClients: Sendable {
    let client: any Sendable
    let services: [any Service]
}
