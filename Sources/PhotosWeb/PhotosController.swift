import Devices
import Hummingbird
import Photos
import Upstream
import WebShell

/// `/photos`: the collection (PH-1, PH-5, PH-6, PH-12, PH-13), "Add element" (PH-3) and
/// "Clear list" (PH-7) as form posts that also answer a script in JSON, and the thumbnails,
/// served from our own origin only (PH-4, PH-10).
struct PhotosController<Store: PhotoFeedStore> {
    let catalogue: PhotoCatalogue
    let readinessTimeout: Duration
    let thumbnails: ThumbnailPipeline
    let store: @Sendable (DeviceID) -> Store
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(PhotosPath.list, use: list)
        group.post(PhotosPath.add, use: add)
        group.post(PhotosPath.clear, use: clear)
        group.get(PhotosPath.thumbnail, use: thumbnail)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let failure = request.uri.queryParameters.get("alert").flatMap(AlertCode.failure(named:))
        let page = shell.page(context)
        let screen = try await photos(context).screen(failure: failure, catalogue: page.catalogue)
        let asksToClear = request.uri.queryParameters.get("confirm") == "clear" && screen.canClear
        return PhotosView(screen: screen, showsStartScreen: Self.isArrival(request), asksToClear: asksToClear).page(page)
    }

    /// "Add element": the next photo, or a failure the list (or the script) shows as an alert.
    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let photos = photos(context)
        let result = try await photos.addNext()
        let failure: UpstreamFailure? = if case .failed(let failure) = result { failure } else { nil }
        return try await ActionReply(to: request, seeOther: PhotosPath.list(after: failure)) {
            let screen = try await photos.screen(failure: failure, catalogue: context.catalogue)
            return AddReply(result: result, screen: screen)
        }.response(from: request, context: context)
    }

    @Sendable func clear(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        try await photos(context).clear()
        return SeeOther(PhotosPath.list.path)
    }

    /// A thumbnail by photo id, the same for everyone: the host's image when it can be had, else
    /// the placeholder drawn here; 404 for an id the list does not hold.
    @Sendable func thumbnail(_ request: Request, context: AppRequestContext) async throws -> ThumbnailResponse {
        guard let photo = await catalogue.photo(id: try context.pathNumber("id", in: 1...Int.max)) else {
            throw HTTPError(.notFound)
        }
        return ThumbnailResponse(thumbnail: await thumbnails.thumbnail(for: photo, client: context.device.rawValue))
    }

    private func photos(_ context: AppRequestContext) -> PhotosService<Store> {
        PhotosService(store: store(context.device), catalogue: catalogue, readinessTimeout: readinessTimeout)
    }

    /// The start screen plays when the person arrives, not when the list reloads after its own
    /// buttons (PH-16).
    static func isArrival(_ request: Request) -> Bool {
        guard let referer = request.headers[.referer], let scheme = referer.range(of: "://") else { return true }
        let path = referer[scheme.upperBound...].drop { $0 != "/" }
        let base = PhotosPath.list.base
        return !(path == base || path.hasPrefix(base + "/") || path.hasPrefix(base + "?"))
    }
}

/// What "Add element" answers a script: the element to append, the new count and the alert to show.
struct AddReply: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        let id: Int
        let title: String
        let thumbnail: String
    }

    struct Alert: Encodable, Sendable {
        let title: String
        let message: String
        let action: String
    }

    let item: Item?
    let count: String
    let shown: Int
    /// Whether the empty text shows (not while the list's error state does).
    let showsEmptyText: Bool
    let canAdd: Bool
    let canClear: Bool
    let alert: Alert?

    init(result: PhotosActionResult, screen: PhotosScreen) {
        if case .added(let photo) = result {
            item = Item(id: photo.id, title: photo.title, thumbnail: PhotosPath.thumbnail.link(photo.id))
        } else {
            item = nil
        }
        count = screen.countText
        shown = screen.items.count
        showsEmptyText = screen.isEmpty && screen.emptyText != nil
        canAdd = screen.canAdd
        canClear = screen.canClear
        switch result {
        case .added:
            alert = nil
        case .endOfList:
            alert = screen.endOfListText.map { Alert(title: screen.title, message: $0, action: screen.okTitle) }
        case .failed:
            alert = screen.alert.map { Alert(title: $0.title, message: $0.text, action: screen.okTitle) }
        }
    }
}
