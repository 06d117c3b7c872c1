import PostgresStorage
import Storage
import StoriesWeb
import WebShell

enum StoriesEntry: DeckEntry {
    static let id = "stories"
    static var sqlite: (any SQLiteAppStorage.Type)? { StoriesSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { StoriesPostgresStorage.self }

    static func app(_ parts: DeckParts) throws -> any DeckApp {
        let stories = try StoriesParts.bundled
        return switch parts.backend {
        case .sqlite(let database):
            StoriesApp(items: stories.items, contentFolder: stories.contentFolder, store: { database.storiesSettingsStore(owner: $0) })
        case .postgres(let database):
            StoriesApp(items: stories.items, contentFolder: stories.contentFolder, store: { database.storiesSettingsStore(owner: $0) })
        }
    }
}
