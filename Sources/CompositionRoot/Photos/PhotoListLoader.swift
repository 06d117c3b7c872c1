import Photos
import ServiceLifecycle

/// Loads the photo list once the database is ready (PH-8): from the database first, then from
/// the photo service in the background. A service of the server's group, so a server that fails
/// to start never asks the service, and one that stops leaves nothing behind.
struct PhotoListLoader: Service {
    let catalogue: PhotoCatalogue
    let ready: Readiness

    func run() async throws {
        guard await ready.wait() else { return }
        await catalogue.start()
        try? await gracefulShutdown()
    }
}
