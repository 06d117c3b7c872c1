import Habits
import Hummingbird
import WebShell

/// A day's sheet (issue 48): `GET /habits/{id}/day?on=YYYY-MM-DD` shows it over the details,
/// `POST` saves it and goes back to the details; a refused day or note comes back as 422 with
/// what was typed.
extension HabitsController {
    /// What the day sheet posts: `state` (`DayState`) and `note`.
    struct DayForm: Decodable {
        let state: String?
        let note: String?
    }

    @Sendable func daySheet(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let id = try Self.id(context)
        let day = try Self.day(request)
        guard let habit = try await service(context).habit(id: id) else { throw HTTPError(.notFound) }
        let sheet = HabitDaySheet(day: day, state: habit.state(on: day), note: habit.notes[day] ?? "")
        return try await detailsPage(id: id, overlay: .day(sheet), context: context)
    }

    @Sendable func saveDay(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let day = try Self.day(request)
        let form = try context.decodeForm(DayForm.self)
        guard let state = DayState(rawValue: form.state ?? "") else { throw HTTPError(.badRequest) }
        let note = form.note ?? ""
        switch try await service(context).saveDay(habitID: id, on: day, state: state, note: note) {
        case .saved:
            return SeeOther(HabitsPath.details(id)).response(from: request, context: context)
        case .noSuchHabit:
            throw HTTPError(.notFound)
        case .refused(let refusal):
            return try await detailsPage(
                id: id, overlay: .refused(refusal.message(in: context.catalogue)), context: context, status: .unprocessableContent
            ).response(from: request, context: context)
        case .invalidNote(let error):
            let sheet = HabitDaySheet(day: day, state: state, note: note, error: error.message(in: context.catalogue))
            return try await detailsPage(id: id, overlay: .day(sheet), context: context, status: .unprocessableContent)
                .response(from: request, context: context)
        }
    }

    /// The `on` day of the query: 400 when it is not a real `YYYY-MM-DD`.
    private static func day(_ request: Request) throws -> CalendarDay {
        guard let text = request.uri.queryParameters.get("on"), let day = CalendarDay(iso: text) else { throw HTTPError(.badRequest) }
        return day
    }
}
