import GitHubWeb
import PostgresStorage
import Storage
import WebShell

enum GitHubEntry: DeckEntry {
    static let id = "github"
    static var sqlite: (any SQLiteAppStorage.Type)? { GitHubSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { GitHubPostgresStorage.self }

    static func app(_ parts: DeckParts) -> any DeckApp {
        let environment = parts.environment
        let sealer = parts.sealer
        return switch parts.backend {
        case .sqlite(let database):
            GitHubApp(
                api: environment.github, storage: { database.secretStore(owner: $0, sealer: sealer) }, now: environment.now,
                readmeImages: environment.readmeImages)
        case .postgres(let database):
            GitHubApp(
                api: environment.github, storage: { database.secretStore(owner: $0, sealer: sealer) }, now: environment.now,
                readmeImages: environment.readmeImages)
        }
    }
}
