import Devices
import Foundation
import PostgresStorage
import SecretSealing
import Storage
import WebShell

/// One app as the deck knows it: how it is built, and where its data lives on each backend (nil
/// for an app that keeps nothing). Each app's entry sits in this target's folder named after it.
protocol DeckEntry: SendableMetatype {
    /// The app's id: its tile's, its routes' first segment, its section of a backup.
    static var id: String { get }
    /// The app's persistence on SQLite: its migrations, store and backup.
    static var sqlite: (any SQLiteAppStorage.Type)? { get }
    /// The same on PostgreSQL, with the same migration ids.
    static var postgres: (any PostgresAppStorage.Type)? { get }
    /// The outside services the app talks to, each declared once: its option, variable, default.
    static var upstreams: [UpstreamOption] { get }
    /// The app's live clients, for the server; nil for an app that talks to no outside service.
    static func live(_ context: LiveContext) throws -> LiveClients?
    /// The app over the deck's parts.
    static func app(_ parts: DeckParts) throws -> any DeckApp
}

extension DeckEntry {
    static var sqlite: (any SQLiteAppStorage.Type)? { nil }
    static var postgres: (any PostgresAppStorage.Type)? { nil }
    static var upstreams: [UpstreamOption] { [] }
    static func live(_ context: LiveContext) throws -> LiveClients? { nil }
}

/// What an entry builds its app from.
struct DeckParts: Sendable {
    let environment: DeckEnvironment
    /// Seals what a device keeps secret (the GitHub token), with the deck's key.
    let sealer: SecretSealer

    var backend: StoreBackend { environment.stores }
}

/// Where every app's data lives: the embedded SQLite file (the default) or a PostgreSQL database
/// that any number of servers share (issue 26).
public enum StoreBackend: Sendable {
    case sqlite(AppDatabase)
    case postgres(PostgresAppDatabase)

    /// Every app's persistence on SQLite, the registry's one list for that backend.
    public static var sqliteApps: [any SQLiteAppStorage.Type] { Deck.entries.compactMap { $0.sqlite } }
    /// Every app's persistence on PostgreSQL.
    public static var postgresApps: [any PostgresAppStorage.Type] { Deck.entries.compactMap { $0.postgres } }

    /// Each device's language and time zone.
    public var devices: any DevicePreferencesStore {
        switch self {
        case .sqlite(let database): database.devices
        case .postgres(let database): database.devices
        }
    }

    /// The browsers that present each device's data, and the links that add one (issue 36).
    public var sessions: any SessionStore {
        switch self {
        case .sqlite(let database): database.sessions
        case .postgres(let database): database.sessions
        }
    }

    /// Throws unless the backend answers a query now (`/readyz`).
    public func ping() async throws {
        switch self {
        case .sqlite(let database): try await database.ping()
        case .postgres(let database): try await database.ping()
        }
    }
}
