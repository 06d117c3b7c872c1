import Devices
import Hummingbird
import Stories
import WebShell

/// `/stories`: the Items and Settings tabs (SG-1, SG-2, SG-6), one screen for a story or a
/// gallery (SG-3, SG-4, SG-9), the image viewer (SG-5), and the drawing stylesheet.
struct StoriesController<Store: StoriesSettingsStore> {
    let catalog: StoriesCatalog
    let store: @Sendable (DeviceID) -> Store
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(StoriesPath.items, use: items)
        group.get(StoriesPath.item, use: item)
        group.get(StoriesPath.image, use: image)
        group.get(StoriesPath.settings, use: settings)
        group.post(StoriesPath.settings, use: changeSettings)
        group.get(StoriesPath.drawingStylesheet.routerPath) { [css = catalog.drawingStylesheet.css] _, _ in
            Stylesheet(css, isImmutable: true)
        }
    }

    /// What the Settings form posts: the switch's new state, or a colour, or both.
    struct SettingsForm: Decodable {
        let draw: String?
        let color: String?
    }

    @Sendable func items(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        ItemsView(items: catalog.items, stylesheet: catalog.drawingStylesheet).page(shell.page(context))
    }

    @Sendable func item(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let item = try found(context)
        let settings = try await settings(context).settings(for: item)
        return ItemDetailView(item: item, settings: settings, stylesheet: catalog.drawingStylesheet).page(shell.page(context))
    }

    @Sendable func image(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        guard case .gallery(let gallery) = try found(context) else { throw HTTPError(.notFound) }
        let number = try context.pathNumber("number", in: 1...StoriesPath.maximumImageNumber)
        guard gallery.images.indices.contains(number - 1) else { throw HTTPError(.notFound) }
        return ViewerView(gallery: gallery, number: number).page(shell.page(context))
    }

    @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        SettingsView(screen: try await settings(context).screen(), stylesheet: catalog.drawingStylesheet).page(shell.page(context))
    }

    /// Applies the posted changes; a script asking for JSON gets the new state, a form a redirect
    /// back to the tab. A value the screen never offers is a 400 and changes nothing.
    @Sendable func changeSettings(_ request: Request, context: AppRequestContext) async throws -> ActionReply<SettingsReply> {
        let form = try context.decodeForm(SettingsForm.self)
        guard let changes = StoriesService<Store>.changes(draw: form.draw, color: form.color) else { throw HTTPError(.badRequest) }
        let stored: DrawingSettings
        do {
            stored = try await settings(context).apply(changes)
        } catch is SettingsError {
            throw HTTPError(.badRequest)
        }
        return await ActionReply(to: request, seeOther: StoriesPath.settings.path) { SettingsReply(stored) }
    }

    private func settings(_ context: AppRequestContext) -> StoriesService<Store> {
        StoriesService(store: store(context.device))
    }

    private func found(_ context: AppRequestContext) throws -> StoryItem {
        guard let id = context.parameters.get("id"), let item = catalog.byID[id] else { throw HTTPError(.notFound) }
        return item
    }
}

/// What a settings change answers a script: the state to show.
struct SettingsReply: Encodable, Sendable {
    let draw: Bool
    let color: String

    init(_ settings: DrawingSettings) {
        draw = settings.isDrawingEnabled
        color = settings.color.id
    }
}
