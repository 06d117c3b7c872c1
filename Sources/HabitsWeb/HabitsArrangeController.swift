import Devices
import Foundation
import Habits
import Hummingbird
import WebShell

/// Archive and order (issue 38): the Order screen (Move up, Move down, Archive), the Archived
/// screen (Restore), and the posts of their buttons and of the details' Archive. Every button is
/// a plain form button: it works without a script.
struct HabitsArrangeController<Store: HabitStore> {
    let store: @Sendable (DeviceID) -> Store
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(HabitsPath.order, use: order)
        group.get(HabitsPath.archived, use: archived)
        group.post(HabitsPath.archive, use: archive)
        group.post(HabitsPath.restore, use: restore)
        group.post(HabitsPath.move, use: move)
    }

    /// `from`: the screen a button sits on, to come back to (`order`, `archived`, `details`).
    struct ArrangeForm: Decodable {
        let from: String?
        let direction: String?
    }

    private func service(_ context: AppRequestContext) -> HabitsService<Store> {
        HabitsService(store: store(context.device), timeZone: context.timeZone, now: shell.now)
    }

    @Sendable func order(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let service = service(context)
        let screen = try await service.orderScreen(catalogue: context.catalogue)
        let banner = try await ArchiveBanner.requested(by: request, .archived, from: "order", service: service)
        return HabitsArrangeView(content: .order(screen), banner: banner).page(shell.page(context))
    }

    @Sendable func archived(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let service = service(context)
        let screen = try await service.archiveScreen(catalogue: context.catalogue)
        let banner = try await ArchiveBanner.requested(by: request, .restored, from: "archived", service: service)
        return HabitsArrangeView(content: .archived(screen), banner: banner).page(shell.page(context))
    }

    @Sendable func archive(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        let id = try Self.id(context)
        let form = try context.decodeForm(ArrangeForm.self)
        guard try await service(context).archive(habitID: id) else { throw HTTPError(.notFound) }
        // Back where it was, saying so with Undo (`ArchiveBanner`); an Undo of a restore needs no word.
        switch form.from {
        case "order": return SeeOther(HabitsPath.order.link(query: ["archived": String(id)]))
        case "archived": return SeeOther(HabitsPath.archived.path)
        default: return SeeOther(HabitsPath.list.link(query: ["archived": String(id)]))
        }
    }

    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        let id = try Self.id(context)
        let form = try context.decodeForm(ArrangeForm.self)
        guard try await service(context).restore(habitID: id) else { throw HTTPError(.notFound) }
        switch form.from {
        case "details": return SeeOther(HabitsPath.details(id))
        case "list": return SeeOther(HabitsPath.list.path)
        case "order": return SeeOther(HabitsPath.order.path)
        default: return SeeOther(HabitsPath.archived.link(query: ["restored": String(id)]))
        }
    }

    /// Comes back to the Order screen at the moved habit's row.
    @Sendable func move(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        let id = try Self.id(context)
        guard let direction = try context.decodeForm(ArrangeForm.self).direction.flatMap(HabitMove.init(rawValue:)) else {
            throw HTTPError(.badRequest)
        }
        guard try await service(context).move(habitID: id, direction) else { throw HTTPError(.notFound) }
        return SeeOther("\(HabitsPath.order.path)#\(HabitsArrangeView.rowID(id))")
    }

    private static func id(_ context: AppRequestContext) throws -> Int64 {
        try context.pathNumber("id", in: 1...Int64.max)
    }
}
