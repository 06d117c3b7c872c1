import Habits
import Hummingbird
import WebShell

/// The short word after Archive or Restore, with Undo (issue 48: they gave no feedback): "“Run”
/// is archived. Undo" on the list or the Order screen, "“Run” is back on the list. Undo" on the
/// Archived screen. The page asks for it in its query (`archived=ID`, `restored=ID`), so it shows
/// once, after the redirect, and a plain form undoes it.
struct ArchiveBanner {
    enum Kind {
        case archived, restored
    }

    let kind: Kind
    let habitID: Int64
    let name: String
    /// Where Undo comes back to (`ArrangeForm.from`).
    let from: String

    /// The banner `request` asks for, when its habit is this device's and still in that state.
    static func requested<Store: HabitStore>(
        by request: Request, _ kind: Kind, from: String, service: @autoclosure () -> HabitsService<Store>
    ) async throws -> ArchiveBanner? {
        let key = kind == .archived ? "archived" : "restored"
        guard let id = request.queryNumber(key, in: 1...Int64.max), let habit = try await service().habit(id: id),
              habit.isArchived == (kind == .archived) else { return nil }
        return ArchiveBanner(kind: kind, habitID: id, name: habit.name, from: from)
    }

    func html(_ page: PageContext) -> HTML {
        let catalogue = page.catalogue
        let message = catalogue.text(kind == .archived ? "habits.archive.banner" : "habits.archive.restoredBanner", ["name": name])
        let undo = kind == .archived ? HabitsPath.restore : HabitsPath.archive
        let undoes = catalogue.text(kind == .archived ? "habits.archive.restore" : "habits.order.archive", ["name": name])
        return .div(.class("habits-banner"), .attr("role", "status")) {
            HTML.p(.class("habits-banner__text")) { message }
            HTML.form(.class("habits-banner__form"), .attr("method", "post"), .attr("action", undo.link(habitID))) {
                CSRFInput.html(page)
                HTML.input(.type("hidden"), .name("from"), .value(from))
                HTML.button(.type("submit"), .class("habits-banner__undo")) {
                    page.t("habits.archive.undo")
                    HTML.span(.class("visually-hidden")) { ": \(undoes)" }
                }
            }
        }
    }
}
