import HabitsWeb
import PostgresStorage
import Storage
import WebShell

enum HabitsEntry: DeckEntry {
    static let id = "habits"
    static var sqlite: (any SQLiteAppStorage.Type)? { HabitsSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { HabitsPostgresStorage.self }

    static func app(_ parts: DeckParts) -> any DeckApp {
        switch parts.backend {
        case .sqlite(let database): HabitsApp(store: { database.habitStore(owner: $0) })
        case .postgres(let database): HabitsApp(store: { database.habitStore(owner: $0) })
        }
    }
}
