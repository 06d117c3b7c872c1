import Habits
import WebShell

/// A day's sheet over a habit's details (issue 48): done, skipped or not done, and a note. Opened
/// from the day's row of the Activity list, a whole 44-point row; saved as a plain form.
struct HabitDaySheet {
    let day: CalendarDay
    let state: DayState
    /// The note as typed (a refused one comes back unchanged).
    let note: String
    var error: String?
}

struct HabitDaySheetView {
    let sheet: HabitDaySheet
    let screen: HabitDetailsScreen

    func html(_ page: PageContext) -> HTML {
        let habitID = screen.habit.id
        var view = Sheet(
            title: screen.date(sheet.day), cancel: Link(href: HabitsPath.details(habitID), label: page.t("habits.action.cancel")),
            submitLabel: page.t("habits.action.save"), action: HabitsPath.day(habitID, sheet.day))
        view.extraClass = "habit-sheet habit-day-sheet"
        view.formID = "day-form"
        view.summary = sheet.error == nil ? nil : page.t("habits.error.summary")
        return view.html(page) {
            HTML.div(.class("list-section")) {
                HTML.fieldset(.class("list-section__body habit-day-state")) {
                    HTML.legend(.class("visually-hidden")) { screen.habit.name }
                    for state in DayState.allCases {
                        HTML.label(.class("habit-day-state__option")) {
                            HTML.input(.type("radio"), .name("state"), .value(state.rawValue), .flag("checked", when: sheet.state == state))
                            HTML.span { page.t("habits.daySheet.\(state.rawValue)") }
                        }
                    }
                }
            }
            HTML.div(.class("list-section")) {
                HTML.div(.class("list-section__body form-cells")) {
                    HTML.div(.class("form-cell habit-note" + (sheet.error == nil ? "" : " has-error"))) {
                        HTML.label(.class("form-cell__label"), .attr("for", "field-note")) { page.t("habits.daySheet.note") }
                        HTML.element("textarea", [
                            .class("form-cell__input habit-note__text"), .id("field-note"), .name("note"), .attr("rows", "4"),
                            .attr("placeholder", page.t("habits.daySheet.notePlaceholder")),
                            .attr("aria-invalid", "true", when: sheet.error != nil),
                            .attr("aria-describedby", "error-note", when: sheet.error != nil),
                        ], children: [.text(sheet.note)])
                    }
                    if let error = sheet.error {
                        HTML.p(.class("form-cell__error"), .id("error-note")) { error }
                    }
                }
            }
        }
    }
}
