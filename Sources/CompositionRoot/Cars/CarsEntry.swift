import CarsWeb
import PostgresStorage
import Storage
import WebShell

enum CarsEntry: DeckEntry {
    static let id = "cars"
    static var sqlite: (any SQLiteAppStorage.Type)? { CarsSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { CarsPostgresStorage.self }

    static func app(_ parts: DeckParts) -> any DeckApp {
        switch parts.backend {
        case .sqlite(let database): CarsApp(store: { database.carStore(owner: $0) })
        case .postgres(let database): CarsApp(store: { database.carStore(owner: $0) })
        }
    }
}
