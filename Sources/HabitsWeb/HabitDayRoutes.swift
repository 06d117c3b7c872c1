import Habits
import Localization
import Hummingbird
import WebShell

/// A day's sheet (issue 48): `GET /habits/{id}/day?on=YYYY-MM-DD` shows it over the details
/// (today without `on`: a measurable habit's card opens today's), `POST` saves it and goes back to
/// the details; a refused day, note or value comes back as 422 with what was typed.
extension HabitsController {
    /// What the day sheet posts: `state` (`DayState`), `note`, and a measurable habit's `value`
    /// as typed in the page's language (a skip is `state=skipped`; any other state keeps the value).
    struct DayForm: Decodable {
        let state: String?
        let note: String?
        let value: String?
    }

    @Sendable func daySheet(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let id = try Self.id(context)
        let service = service(context)
        let day = try Self.day(request, today: service.today)
        guard let habit = try await service.habit(id: id) else { throw HTTPError(.notFound) }
        let value = habit.values[day].map { DecimalText.format($0, language: context.catalogue.language) } ?? ""
        let sheet = HabitDaySheet(day: day, state: habit.state(on: day), note: habit.notes[day] ?? "", value: value)
        return try await detailsPage(id: id, overlay: .day(sheet), context: context)
    }

    @Sendable func saveDay(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let service = service(context)
        let day = try Self.day(request, today: service.today)
        let form = try context.decodeForm(DayForm.self)
        guard let state = DayState(rawValue: form.state ?? "") else { throw HTTPError(.badRequest) }
        let note = form.note ?? "", value = form.value ?? ""
        switch try await service.saveDay(habitID: id, on: day, state: state, note: note, value: value, language: context.catalogue.language) {
        case .saved:
            return SeeOther(HabitsPath.details(id)).response(from: request, context: context)
        case .noSuchHabit:
            throw HTTPError(.notFound)
        case .refused(let refusal):
            return try await detailsPage(
                id: id, overlay: .refused(refusal.message(in: context.catalogue)), context: context, status: .unprocessableContent
            ).response(from: request, context: context)
        case .invalidNote(let error):
            let sheet = HabitDaySheet(day: day, state: state, note: note, value: value, error: error.message(in: context.catalogue))
            return try await detailsPage(id: id, overlay: .day(sheet), context: context, status: .unprocessableContent)
                .response(from: request, context: context)
        case .invalidValue(let error):
            let sheet = HabitDaySheet(day: day, state: state, note: note, value: value, valueError: error.message(in: context.catalogue))
            return try await detailsPage(id: id, overlay: .day(sheet), context: context, status: .unprocessableContent)
                .response(from: request, context: context)
        }
    }

    /// The `on` day of the query, `today` without one: 400 when it is not a real `YYYY-MM-DD`.
    private static func day(_ request: Request, today: CalendarDay) throws -> CalendarDay {
        guard let text = request.uri.queryParameters.get("on") else { return today }
        guard let day = CalendarDay(iso: text) else { throw HTTPError(.badRequest) }
        return day
    }
}
