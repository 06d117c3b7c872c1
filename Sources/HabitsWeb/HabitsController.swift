import Devices
import Foundation
import Habits
import Hummingbird
import Persistence
import WebShell

/// `/habits`: MyHabits (HB-1..10). The list and Info tabs, the habit sheet, details, tracking,
/// the CSV export.
struct HabitsController<Store: HabitStore> {
    let store: @Sendable (DeviceID) -> Store
    let shell: Shell
    var reminders: HabitRemindersConfiguration? = nil

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(HabitsPath.list, use: list)
        group.get(HabitsPath.newSheet, use: newSheet)
        group.get(HabitsPath.menu) { _, context in try await listPage(overlay: .menu, context: context) }
        group.post(HabitsPath.list, use: create)
        group.get(HabitsPath.info, use: info)
        group.get(HabitsPath.export, use: export)
        group.get(HabitsPath.due, use: due)
        group.get(HabitsPath.colors) { request, _ in try HabitColorsStylesheet.response(for: request) }
        HabitsImportController(store: store, shell: shell).addRoutes(to: group)
        HabitsArrangeController(store: store, shell: shell).addRoutes(to: group)
        if let reminders { HabitRemindersController(configuration: reminders).addRoutes(to: group) }
        group.get(HabitsPath.details, use: details)
        group.get(HabitsPath.edit, use: editSheet)
        group.post(HabitsPath.details, use: update)
        group.post(HabitsPath.delete, use: delete)
        group.post(HabitsPath.track, use: track)
        group.post(HabitsPath.untrack, use: untrack)
        group.get(HabitsPath.day, use: daySheet)
        group.post(HabitsPath.day, use: saveDay)
    }

    /// What the habit sheet posts.
    /// `frequency`, `times`, `days` and `weekday1`…`weekday7` (ISO, ticked: "on"): the schedule
    /// (issue 38); a form from before them is every day.
    struct HabitForm: Decodable {
        let name: String?
        let color: String?
        let time: String?
        let frequency: String?
        let times: String?
        let days: String?
        let weekday1, weekday2, weekday3, weekday4, weekday5, weekday6, weekday7: String?
        /// Issue 48: `yesNo` or `number`, and a number's unit, target and `atLeast`/`atMost`.
        let kind: String?
        let unit: String?
        let target: String?
        let targetKind: String?

        var draft: HabitDraft {
            let ticked = [weekday1, weekday2, weekday3, weekday4, weekday5, weekday6, weekday7]
            return HabitDraft(
                name: name ?? "", color: color ?? "", time: time ?? "",
                frequency: frequency.flatMap(HabitDraft.Frequency.init(rawValue:)) ?? .daily,
                times: times ?? "", days: days ?? "",
                weekdays: Set(ticked.indices.filter { ticked[$0] != nil }.map { $0 + 1 }),
                kind: kind.flatMap(HabitDraft.Kind.init(rawValue:)) ?? .yesNo, unit: unit ?? "", target: target ?? "",
                targetKind: targetKind.flatMap(HabitMeasure.Kind.init(rawValue:)) ?? .atLeast)
        }
    }

    /// Undoing a track asks first: `confirm=yes` is the answer, from the alert's button or the script.
    /// `after` and `limit`: the list's page, to come back to.
    /// `day`, `from` and `days`: see `TrackForm`.
    struct UntrackForm: Decodable {
        let confirm: String?
        let day: String?
        let after: String?
        let limit: String?
        let from: String?
        let days: String?

        var page: HabitsListPage { HabitsListPage(after: after, limit: limit) }
        var back: TrackBack { TrackBack(from: from, days: days, list: page) }
    }

    /// A track: `day` is stated by a past day of the details' history (issue 38) or by a replay
    /// from the offline outbox. `from=details` (with `days`, how many days its list showed)
    /// brings a plain form back to the details.
    struct TrackForm: Decodable {
        let day: String?
        let after: String?
        let limit: String?
        let from: String?
        let days: String?

        var page: HabitsListPage { HabitsListPage(after: after, limit: limit) }
        var back: TrackBack { TrackBack(from: from, days: days, list: page) }
    }

    // MARK: The list and Info tabs

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let page = HabitsListPage(
            after: request.queryNumber("after", in: HabitListScreen.cursors), limit: request.queryNumber("limit", in: HabitListScreen.limits))
        let banner = try await ArchiveBanner.requested(by: request, .archived, from: "list", service: service(context))
        return try await listPage(page, banner: banner, context: context)
    }

    @Sendable func newSheet(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        try await listPage(overlay: .sheet(HabitSheet(draft: .newHabit, editing: nil)), context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let draft = try context.decodeForm(HabitForm.self).draft
        switch draft.validate(language: context.catalogue.language) {
        case .success(let fields):
            do {
                _ = try await service(context).create(fields)
            } catch let reached as OwnerLimitReached {
                let sheet = HabitSheet(draft: draft, editing: nil, limitReached: reached.limit)
                return try await listPage(overlay: .sheet(sheet), context: context, status: .unprocessableContent)
                    .response(from: request, context: context)
            }
            return SeeOther(HabitsPath.list.path).response(from: request, context: context)
        case .failure(let errors):
            let sheet = HabitSheet(draft: draft, editing: nil, errors: errors)
            return try await listPage(overlay: .sheet(sheet), context: context, status: .unprocessableContent).response(from: request, context: context)
        }
    }

    @Sendable func info(_ request: Request, context: AppRequestContext) -> HTMLPage {
        HabitsInfoView().page(shell.page(context))
    }

    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Download {
        Download(HabitsCSV.export(try await service(context).habits()), contentType: "text/csv; charset=utf-8; header=present", fileName: "habits.csv")
    }

    // MARK: One habit

    @Sendable func details(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let limit = request.queryNumber("limit", in: HabitDetailsScreen.limits) ?? HabitDetailsScreen.pageSize
        return try await detailsPage(id: try Self.id(context), limit: limit, overlay: nil, context: context)
    }

    @Sendable func editSheet(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let id = try Self.id(context)
        guard let habit = try await service(context).habit(id: id) else { throw HTTPError(.notFound) }
        return try await detailsPage(id: id, overlay: .sheet(HabitSheet(draft: HabitDraft(habit.fields, language: context.catalogue.language), editing: habit)),
                                     context: context)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let service = service(context)
        guard let habit = try await service.habit(id: id) else { throw HTTPError(.notFound) }
        let draft = try context.decodeForm(HabitForm.self).draft
        switch draft.validate(language: context.catalogue.language) {
        case .success(let fields):
            guard try await service.update(habitID: id, with: fields) else { throw HTTPError(.notFound) }
            return SeeOther(HabitsPath.details(id)).response(from: request, context: context)
        case .failure(let errors):
            let sheet = HabitSheet(draft: draft, editing: habit, errors: errors)
            return try await detailsPage(id: id, overlay: .sheet(sheet), context: context, status: .unprocessableContent).response(from: request, context: context)
        }
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        guard try await service(context).delete(habitID: try Self.id(context)) else { throw HTTPError(.notFound) }
        return SeeOther(HabitsPath.list.path)
    }

    // MARK: Tracking (HB-5)

    @Sendable func track(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.decodeForm(TrackForm.self)
        return try await changeTrack(tracked: true, day: form.day, back: form.back, request: request, context: context)
    }

    /// Without the answer to "undo?", the page the untick came from asks it in an alert.
    @Sendable func untrack(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.decodeForm(UntrackForm.self)
        guard form.confirm == "yes" else {
            let id = try Self.id(context)
            if case .details(let days) = form.back, let day = form.day.flatMap(CalendarDay.init(iso:)) {
                return try await detailsPage(id: id, limit: days, overlay: .undoDay(day), context: context).response(from: request, context: context)
            }
            return try await listPage(form.page, overlay: .undoQuestion(habitID: id), context: context).response(from: request, context: context)
        }
        return try await changeTrack(tracked: false, day: form.day, back: form.back, request: request, context: context)
    }

    /// Answers a script with the row's new state (HB-5: no reload), the one answer that reads the
    /// list, and a plain form with a redirect to the page it came from (which reads it then).
    /// A stated day must lie from the habit's first day to today on the device (issue 38): else
    /// 422 with the details page saying why.
    private func changeTrack(tracked: Bool, day stated: String?, back: TrackBack, request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let service = service(context)
        if let stated {
            guard let day = CalendarDay(iso: stated) else { throw HTTPError(.badRequest) }
            switch try await service.setTracked(tracked, habitID: id, on: day) {
            case .done: break
            case .noSuchHabit: throw HTTPError(.notFound)
            case .refused(let refusal):
                let days = if case .details(let days) = back { days } else { HabitDetailsScreen.pageSize }
                return try await detailsPage(
                    id: id, limit: days, overlay: .refused(refusal.message(in: context.catalogue)), context: context, status: .unprocessableContent
                ).response(from: request, context: context)
            }
        } else {
            guard try await service.setTracked(tracked, habitID: id) else { throw HTTPError(.notFound) }
        }
        return try await ActionReply(to: request, seeOther: back.path(id)) {
            guard let reply = try await service.trackReply(habitID: id, catalogue: context.catalogue) else { throw HTTPError(.notFound) }
            return TrackState(reply)
        }.response(from: request, context: context)
    }

    // MARK: Pages

    /// The service for this device, in its time zone (the server's until the browser has sent one).
    /// `{"due": N}`: the habits still due today on this device, for the installed app's badge
    /// (issue 48; the service worker asks after a reminder or a tick made from one). Never cached.
    @Sendable func due(_ request: Request, context: AppRequestContext) async throws -> Response {
        let due = try await service(context).dueLeftToday()
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"due":\#(due)}"#)))
    }

    func service(_ context: AppRequestContext) -> HabitsService<Store> {
        HabitsService(store: store(context.device), timeZone: context.timeZone, now: shell.now)
    }

    private func listPage(
        _ page: HabitsListPage = HabitsListPage(), overlay: HabitsListView.Overlay? = nil, banner: ArchiveBanner? = nil, context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> HTMLPage {
        let service = service(context)
        let screen: HabitListScreen
        var undoRow: HabitListScreen.Row?
        if case .undoQuestion(let id) = overlay {
            guard let asking = try await service.undoQuestion(habitID: id, after: page.after, requested: page.limit, catalogue: context.catalogue) else {
                throw HTTPError(.notFound)
            }
            screen = asking.screen
            undoRow = asking.row
        } else {
            screen = try await service.listScreen(catalogue: context.catalogue, after: page.after, requested: page.limit)
        }
        let view = HabitsListView(screen: screen, overlay: overlay, undoRow: undoRow, banner: banner)
        return view.page(shell.page(context), status: status)
    }

    func detailsPage(
        id: Int64, limit: Int = HabitDetailsScreen.pageSize, overlay: HabitDetailsView.Overlay?, context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> HTMLPage {
        guard let screen = try await service(context).detailsScreen(habitID: id, limit: limit, catalogue: context.catalogue) else {
            throw HTTPError(.notFound)
        }
        let view = HabitDetailsView(screen: screen, overlay: overlay, reminder: try await reminderSection(screen.habit, context: context))
        return view.page(shell.page(context), status: status)
    }

    private func reminderSection(_ habit: Habit, context: AppRequestContext) async throws -> HabitReminderSection? {
        guard let reminders else { return nil }
        let isOn = try await reminders.store(context.device).reminderHabitIDs().contains(habit.id)
        return HabitReminderSection(habitID: habit.id, time: habit.time, isOn: isOn, publicKey: reminders.publicKey)
    }

    static func id(_ context: AppRequestContext) throws -> Int64 {
        try context.pathNumber("id", in: 1...Int64.max)
    }
}

/// The row's state after a track or untrack, for the list's script: the same values the list's
/// row draws (`HabitsListView.card`), from the same `TrackReply`.
struct TrackState: Encodable, Sendable {
    let tracked: Bool
    let counter: String
    let label: String
    let action: String
    let progress: Int
    let progressText: String
    let motivation: String

    init(_ reply: TrackReply) {
        tracked = reply.row.isTrackedToday
        counter = reply.row.counter
        label = reply.row.trackLabel
        action = HabitsPath.trackAction(reply.row.id, isTracked: reply.row.isTrackedToday)
        progress = reply.progress.percent
        progressText = reply.progress.text
        motivation = reply.progress.motivation
    }
}

/// The habit sheet's state: what was typed, which habit is edited (nil: a new one), and why a post was refused.
struct HabitSheet {
    let draft: HabitDraft
    let editing: Habit?
    var errors: HabitValidationErrors? = nil
    /// The draft was fine, but the device keeps this many habits already, the most allowed.
    var limitReached: Int? = nil
}

/// Where a plain track or untrack form goes back to: the list's page, or a habit's details
/// showing `days` days (issue 38).
enum TrackBack {
    case list(HabitsListPage)
    case details(days: Int)

    init(from: String?, days: String?, list: HabitsListPage) {
        guard from == "details" else {
            self = .list(list)
            return
        }
        self = .details(days: days.flatMap { RequestNumber.parse($0, in: HabitDetailsScreen.limits) } ?? HabitDetailsScreen.pageSize)
    }

    func path(_ id: Int64) -> String {
        switch self {
        case .list(let page): page.path
        case .details(let days): HabitsPath.details(id, limit: days == HabitDetailsScreen.pageSize ? nil : days)
        }
    }
}

/// Which page of the list a request shows or comes back to; values that are no cursor or count
/// are left out (the first page, a page's rows), never an error.
struct HabitsListPage {
    var after: Int64?
    var limit: Int?

    init(after: Int64? = nil, limit: Int? = nil) {
        self.after = after
        self.limit = limit
    }

    init(after: String?, limit: String?) {
        self.after = after.flatMap { RequestNumber.parse($0, in: HabitListScreen.cursors) }
        self.limit = limit.flatMap { RequestNumber.parse($0, in: HabitListScreen.limits) }.map(HabitListScreen.limit(requested:))
    }

    var path: String {
        HabitsPath.list(after: after, limit: limit == HabitListScreen.pageSize ? nil : limit)
    }
}
