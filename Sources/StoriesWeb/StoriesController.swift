import Devices
import Hummingbird
import Stories
import WebShell

/// `/stories`: the Items and Settings tabs (SG-1, SG-2, SG-6), one screen for a story or a
/// gallery (SG-3, SG-4, SG-9), the image viewer (SG-5), and the drawing stylesheet.
struct StoriesController<Store: DrawingSettingsStore> {
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

        /// The changes asked for; nil when a value is not one the screen offers.
        var changes: [SettingsChange]? {
            var changes: [SettingsChange] = []
            switch draw {
            case nil: break
            case "1": changes.append(.drawing(enabled: true))
            case "0": changes.append(.drawing(enabled: false))
            default: return nil
            }
            if let color {
                guard PaletteColor.color(id: color) != nil else { return nil }
                changes.append(.color(id: color))
            }
            return changes
        }
    }

    @Sendable func items(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        ItemsView(items: catalog.items, stylesheet: catalog.drawingStylesheet).page(shell.page(context))
    }

    @Sendable func item(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let item = try found(context)
        let settings: DrawingSettings = if case .story = item { try await store(context.device).settings() } else { .default }
        return ItemDetailView(item: item, settings: settings, stylesheet: catalog.drawingStylesheet).page(shell.page(context))
    }

    @Sendable func image(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        guard case .gallery(let gallery) = try found(context) else { throw HTTPError(.notFound) }
        let number = try context.pathNumber("number", in: 1...StoriesPath.maximumImageNumber)
        guard gallery.images.indices.contains(number - 1) else { throw HTTPError(.notFound) }
        return ViewerView(gallery: gallery, number: number).page(shell.page(context))
    }

    @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let settings = try await store(context.device).settings()
        return SettingsView(screen: SettingsScreen(settings: settings), stylesheet: catalog.drawingStylesheet).page(shell.page(context))
    }

    /// Applies the posted changes; a script asking for JSON gets the new state, a form a redirect
    /// back to the tab. A value the screen never offers is a 400 and changes nothing.
    @Sendable func changeSettings(_ request: Request, context: AppRequestContext) async throws -> ActionReply<SettingsReply> {
        guard let changes = try context.decodeForm(SettingsForm.self).changes, !changes.isEmpty else { throw HTTPError(.badRequest) }
        let stored = try await store(context.device).update { settings in
            for change in changes { try? change.apply(to: &settings) }
        }
        return await ActionReply(to: request, seeOther: StoriesPath.settings.path) { SettingsReply(stored) }
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
