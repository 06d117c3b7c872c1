import Photos
import PhotosLive
import PhotosWeb
import PostgresStorage
import Storage
import WebShell

enum PhotosEntry: DeckEntry {
    static let id = "photos"
    static var sqlite: (any SQLiteAppStorage.Type)? { PhotosSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { PhotosPostgresStorage.self }
    static var upstreams: [UpstreamOption] { [.photosAPI] }

    /// jsonplaceholder's list, kept in the database (a restart without network still has it), the
    /// image hosts behind the caches, and the list's loader, which starts once the schema is ready.
    static func live(_ context: LiveContext) throws -> LiveClients? {
        let services = try PhotosLiveServices(apiBaseURL: context.url(of: .photosAPI), dataDirectory: context.dataDirectory, logger: context.logger)
        let parts = PhotosParts.live(
            services, archive: FallbackPhotoListArchive(primary: photoList(on: context.stores), earlier: services.earlierArchive))
        return LiveClients(client: parts, services: [
            ClientService(stop: { await services.shutdown() }),
            PhotoListLoader(catalogue: parts.catalogue, ready: context.ready),
        ])
    }

    static func app(_ parts: DeckParts) -> any DeckApp {
        let photos = parts.environment.client(of: id, as: PhotosParts.self) ?? .unavailable
        return switch parts.backend {
        case .sqlite(let database):
            PhotosApp(
                catalogue: photos.catalogue, readinessTimeout: photos.readinessTimeout, thumbnails: photos.thumbnails,
                store: { database.photoFeedStore(owner: $0) })
        case .postgres(let database):
            PhotosApp(
                catalogue: photos.catalogue, readinessTimeout: photos.readinessTimeout, thumbnails: photos.thumbnails,
                store: { database.photoFeedStore(owner: $0) })
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
