import Foundation
import Habits
import Hummingbird
import Storage

/// `/habits`: MyHabits (HB-1..10). The list and Info tabs, the habit sheet, details, tracking,
/// the CSV export, and the device's time zone, which decides what "today" is.
struct HabitsRoutes {
    let environment: WebEnvironment

    func register(on router: Router<AppRequestContext>) {
        router.get("/habits") { _, context in try await list(context: context) }
        router.get("/habits/new") { _, context in
            try await list(sheet: HabitSheet(draft: HabitDraft(time: Self.defaultTime), editing: nil), context: context)
        }
        router.post("/habits") { _, context in
            let draft = Self.draft(from: context.form)
            switch draft.validate() {
            case .success(let fields):
                _ = try await service(context).create(fields)
                return Response.seeOther("/habits")
            case .failure(let errors):
                return try await list(sheet: HabitSheet(draft: draft, editing: nil, errors: errors), context: context, status: .unprocessableContent)
            }
        }
        router.get("/habits/info") { _, context in
            environment.pages.page("habits-info", HabitsInfoView(catalogue: context.catalogue, assets: environment.assets).values, context: context)
        }
        router.get("/habits/export.csv") { _, context in
            let csv = HabitsCSV.export(try await service(context).habits())
            return Response(
                status: .ok,
                headers: [.contentType: "text/csv; charset=utf-8; header=present", .contentDisposition: "attachment; filename=\"habits.csv\"",
                          .cacheControl: "private, no-store"],
                body: .init(byteBuffer: ByteBuffer(string: csv)))
        }
        router.get("/habits/colors.css") { request, _ in HabitColorsStylesheet.response(for: request) }
        router.get("/habits/manifest.webmanifest") { _, context in HabitsManifest(assets: environment.assets).response(context: context) }
        router.post("/habits/time-zone") { _, context in
            guard let identifier = context.form["timeZone"], identifier.count <= 64, TimeZone(identifier: identifier) != nil else {
                throw HTTPError(.unprocessableContent)
            }
            try await environment.preferences.setTimeZone(identifier, for: context.device)
            return Response(status: .noContent)
        }

        router.get("/habits/{id}") { request, context in
            let limit = request.uri.queryParameters["limit"].flatMap { Int($0) } ?? HabitDetailsScreen.pageSize
            return try await details(id: try Self.id(context), limit: limit, sheet: nil, context: context)
        }
        router.get("/habits/{id}/edit") { _, context in
            let id = try Self.id(context)
            guard let habit = try await service(context).store.habit(id: id) else { throw HTTPError(.notFound) }
            return try await details(id: id, sheet: HabitSheet(draft: HabitDraft(habit.fields), editing: habit), context: context)
        }
        router.post("/habits/{id}") { _, context in
            let id = try Self.id(context)
            let service = service(context)
            guard let habit = try await service.store.habit(id: id) else { throw HTTPError(.notFound) }
            let draft = Self.draft(from: context.form)
            switch draft.validate() {
            case .success(let fields):
                guard try await service.store.update(id: id, with: fields) else { throw HTTPError(.notFound) }
                return Response.seeOther("/habits/\(id)")
            case .failure(let errors):
                return try await details(id: id, sheet: HabitSheet(draft: draft, editing: habit, errors: errors), context: context, status: .unprocessableContent)
            }
        }
        router.post("/habits/{id}/delete") { _, context in
            guard try await service(context).store.delete(id: try Self.id(context)) else { throw HTTPError(.notFound) }
            return Response.seeOther("/habits")
        }
        router.post("/habits/{id}/track") { request, context in
            try await changeTrack(request: request, context: context) { service, id in try await service.track(habitID: id) }
        }
        router.post("/habits/{id}/untrack") { request, context in
            try await changeTrack(request: request, context: context) { service, id in try await service.untrack(habitID: id) }
        }
    }

    static let defaultTime = "08:00"

    /// The service for this device, in its time zone (the server's until the browser has sent one).
    private func service(_ context: AppRequestContext) -> HabitsService<SQLiteHabitStore> {
        HabitsService(store: environment.database.habitStore(owner: context.device), timeZone: timeZone(context).zone)
    }

    /// The zone, and the identifier the browser sent (nil before it has): Foundation may name a
    /// zone differently ("UTC" comes back as "GMT"), so pages echo what the browser said.
    private func timeZone(_ context: AppRequestContext) -> (zone: TimeZone, sent: String?) {
        if let stored = context.preferences.timeZone, let zone = TimeZone(identifier: stored) { return (zone, stored) }
        return (TimeZone.current, nil)
    }

    private func list(sheet: HabitSheet? = nil, context: AppRequestContext, status: HTTPResponse.Status = .ok) async throws -> Response {
        let zone = timeZone(context)
        let service = service(context)
        let screen = HabitListScreen(overviews: try await service.overviews(), catalogue: context.catalogue)
        let view = HabitsListView(screen: screen, sheet: sheet, timeZone: zone.sent, catalogue: context.catalogue, assets: environment.assets)
        return environment.pages.page("habits", view.values, context: context, status: status)
    }

    private func details(id: Int64, limit: Int = HabitDetailsScreen.pageSize, sheet: HabitSheet?, context: AppRequestContext,
                         status: HTTPResponse.Status = .ok) async throws -> Response {
        let zone = timeZone(context)
        let service = service(context)
        guard let habit = try await service.store.habit(id: id) else { throw HTTPError(.notFound) }
        let today = service.today
        let screen = HabitDetailsScreen(
            habit: habit, stats: service.stats(of: habit), firstDay: try await service.firstDay() ?? today, today: today,
            catalogue: context.catalogue, limit: min(limit, 100_000))
        let view = HabitDetailsView(screen: screen, sheet: sheet, timeZone: zone.sent, catalogue: context.catalogue, assets: environment.assets)
        return environment.pages.page("habit-details", view.values, context: context, status: status)
    }

    /// Tracks or untracks, then answers a script with the row's new state (HB-5: no reload) and a
    /// plain form with the list again.
    private func changeTrack(
        request: Request, context: AppRequestContext,
        _ change: (HabitsService<SQLiteHabitStore>, Int64) async throws -> TrackChange
    ) async throws -> Response {
        let id = try Self.id(context)
        let service = service(context)
        guard try await change(service, id) != .noSuchHabit else { throw HTTPError(.notFound) }
        guard request.headers[.accept]?.contains("application/json") == true else { return Response.seeOther("/habits") }
        let overviews = try await service.overviews()
        guard let row = overviews.first(where: { $0.id == id }) else { throw HTTPError(.notFound) }
        let screen = HabitListScreen(overviews: overviews, catalogue: context.catalogue)
        let state = TrackState(
            tracked: row.isTrackedToday, counter: HabitListScreen.counter(row.trackCount, catalogue: context.catalogue),
            label: HabitsListView.trackLabel(name: row.fields.name, tracked: row.isTrackedToday, catalogue: context.catalogue),
            action: "/habits/\(id)/\(row.isTrackedToday ? "untrack" : "track")",
            progress: screen.progress.percent, progressText: HabitsListView.percentText(screen.progress.percent, catalogue: context.catalogue),
            motivation: screen.progress.motivation)
        let data = try JSONEncoder().encode(state)
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func id(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self), id > 0 else { throw HTTPError(.notFound) }
        return id
    }

    private static func draft(from form: FormData) -> HabitDraft {
        HabitDraft(name: form.value("name"), color: form.value("color"), time: form.value("time"))
    }
}

/// The row's state after a track or untrack, for the list's script.
struct TrackState: Encodable {
    let tracked: Bool
    let counter: String
    let label: String
    let action: String
    let progress: Int
    let progressText: String
    let motivation: String
}

/// The habit sheet's state: what was typed, which habit is edited (nil: a new one), and why a post was refused.
struct HabitSheet {
    let draft: HabitDraft
    let editing: Habit?
    var errors: HabitValidationErrors? = nil
}
