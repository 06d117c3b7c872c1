import Localization
import Upstream

/// One device's Photos: its feed over the shared catalogue, the one type the web face calls. It
/// owns the device's store and every decision, among them asking for a list that failed again.
public struct DevicePhotos<Store: PhotoFeedStore>: Sendable {
    let service: PhotosService
    let store: Store

    /// The screen to show (PH-9). A list that failed to load is asked for again in the background
    /// as the screen shows its error (once the wait after the failure is over), so "Try again" and
    /// a plain reload both retry.
    public func screen(failure: UpstreamFailure? = nil, catalogue strings: Catalogue) async throws -> PhotosScreen {
        let screen = try await service.screen(store: store, failure: failure, catalogue: strings)
        if screen.phase == .failed { await service.catalogue.start() }
        return screen
    }

    /// "Add element" (PH-3).
    public func addNext() async throws -> PhotosActionResult {
        try await service.addNext(store: store)
    }

    /// "Clear list" (PH-7).
    public func clear() async throws {
        try await service.clear(store: store)
    }
}

extension PhotosService {
    /// The Photos of the device whose feed `store` holds.
    public func device<Store: PhotoFeedStore>(_ store: Store) -> DevicePhotos<Store> {
        DevicePhotos(service: self, store: store)
    }
}
