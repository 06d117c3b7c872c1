import Photos
import PhotosWeb
import PostgresStorage
import Storage
import WebShell

enum PhotosEntry: DeckEntry {
    static let id = "photos"
    static var sqlite: (any SQLiteAppStorage.Type)? { PhotosSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { PhotosPostgresStorage.self }

    static func app(_ parts: DeckParts) -> any DeckApp {
        let photos = parts.environment.photos
        return switch parts.backend {
        case .sqlite(let database):
            PhotosApp(service: photos.service, thumbnails: photos.thumbnails, store: { database.photoFeedStore(owner: $0) })
        case .postgres(let database):
            PhotosApp(service: photos.service, thumbnails: photos.thumbnails, store: { database.photoFeedStore(owner: $0) })
        }
    }

    /// The whole photo list, shared by every device (and every server on one database).
    static func photoList(on backend: StoreBackend) -> any PhotoListArchive {
        switch backend {
        case .sqlite(let database): database.photoList
        case .postgres(let database): database.photoList
        }
    }
}
