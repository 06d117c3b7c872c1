import Habits
import Localization
import WebShell

/// A day's sheet over a habit's details (issue 48): done, skipped or not done, and a note; for a
/// measurable habit its number (a decimal keyboard, the page's separator) or skipped. Opened from
/// the day's row of the Activity list, a whole 44-point row, from its heatmap cell, and from a
/// measurable habit's card for today; saved as a plain form.
struct HabitDaySheet {
    let day: CalendarDay
    let state: DayState
    /// The note as typed (a refused one comes back unchanged).
    let note: String
    /// A measurable habit's value as typed, or as stored in the page's language.
    var value = ""
    var error: String?
    var valueError: String?
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
        view.summary = sheet.error == nil && sheet.valueError == nil ? nil : page.t("habits.error.summary")
        let measure = screen.habit.measure
        // A measurable day is done by its number: its choices are a number or skipped.
        let states: [DayState] = measure == nil ? DayState.allCases : [.none, .skipped]
        return view.html(page) {
            HTML.div(.class("list-section")) {
                HTML.fieldset(.class("list-section__body habit-day-state")) {
                    HTML.legend(.class("visually-hidden")) { screen.habit.name }
                    for state in states {
                        let checked = sheet.state == state || (measure != nil && state == .none && sheet.state == .done)
                        HTML.label(.class("habit-day-state__option")) {
                            HTML.input(.type("radio"), .name("state"), .value(state.rawValue), .flag("checked", when: checked))
                            HTML.span { page.t(measure != nil && state == .none ? "habits.daySheet.valued" : "habits.daySheet.\(state.rawValue)") }
                        }
                    }
                }
            }
            if let measure { valueSection(measure, page) }
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

    /// The day's number: a text field with the decimal keyboard, so a refused number stays as
    /// typed and gets the page's own message; its label names the unit and the target.
    private func valueSection(_ measure: HabitMeasure, _ page: PageContext) -> HTML {
        let error = sheet.valueError
        return HTML.div(.class("list-section")) {
            HTML.div(.class("list-section__body form-cells")) {
                HTML.div(.class("form-cell habit-value" + (error == nil ? "" : " has-error"))) {
                    HTML.label(.class("form-cell__label"), .attr("for", "field-value")) {
                        measure.unit.isEmpty ? page.t("habits.daySheet.value") : page.catalogue.text("habits.daySheet.valueIn", ["unit": measure.unit])
                    }
                    HTML.input(.class("form-cell__input habit-value__input"), .id("field-value"), .name("value"), .type("text"),
                               .value(sheet.value), .attr("inputmode", "decimal"), .attr("autocomplete", "off"),
                               .attr("placeholder", DecimalText.format(0, language: page.language)),
                               .attr("aria-describedby", error == nil ? "hint-value" : "hint-value error-value"),
                               .attr("aria-invalid", "true", when: error != nil))
                }
                HTML.p(.class("list-section__footer habit-value__hint"), .id("hint-value")) { MeasureText(page.catalogue).target(measure, schedule: screen.habit.schedule) }
                if let error {
                    HTML.p(.class("form-cell__error"), .id("error-value")) { error }
                }
            }
        }
    }
}
