import Devices
import Habits
import Persistence
import WebShell

/// The habit sheet (HB-4, HB-7, HB-8): name, colour circle, time, schedule (issue 38); Create or
/// Save; Delete when editing.
struct HabitSheetView {
    let sheet: HabitSheet

    func html(_ page: PageContext) -> HTML {
        let editing = sheet.editing
        let back = editing.map { HabitsPath.details($0.id) } ?? HabitsPath.list.path
        var view = Sheet(
            title: page.t(editing == nil ? "habits.sheet.newTitle" : "habits.sheet.editTitle"),
            cancel: Link(href: back, label: page.t("habits.action.cancel")),
            submitLabel: page.t(editing == nil ? "habits.action.create" : "habits.action.save"),
            action: editing.map { HabitsPath.details($0.id) } ?? HabitsPath.list.path)
        view.extraClass = "habit-sheet"
        view.formID = "habit-form"
        view.summary = sheet.limitReached.map { OwnerLimitReached(limit: $0).habitsMessage(in: page.catalogue) }
            ?? (sheet.errors == nil ? nil : page.t("habits.error.summary"))
        let draft = sheet.draft
        return view.html(page) {
            HTML.div(.class("list-section")) {
                HTML.div(.class("list-section__body form-cells")) {
                    field(.name, page) { error in
                        HTML.input(.class("form-cell__input"), .id("field-name"), .name("name"), .value(draft.name), .type("text"),
                                   .attr("autocomplete", "off"), .attr("placeholder", page.t("habits.field.namePlaceholder")),
                                   .attr("aria-required", "true"), .attr("aria-invalid", "true", when: error),
                                   .attr("aria-describedby", "error-name", when: error))
                    }
                    field(.color, page) { error in
                        HTML.input(.class("habit-color"), .id("field-color"), .name("color"), .type("color"),
                                   .value(HabitColor(hex: draft.color)?.rgbHex ?? HabitColor.defaultColor.rgbHex),
                                   .attr("aria-describedby", error ? "hint-color error-color" : "hint-color"),
                                   .attr("aria-invalid", "true", when: error))
                        HTML.span(.class("visually-hidden"), .id("hint-color")) { page.t("habits.field.colorHint") }
                    }
                    field(.time, page) { error in
                        HTML.input(.class("form-cell__input habit-time"), .id("field-time"), .name("time"), .type("time"),
                                   .value(draft.time), .flag("required"), .attr("aria-invalid", "true", when: error),
                                   .attr("aria-describedby", "error-time", when: error))
                    }
                }
            }
            measureSection(draft, page)
            scheduleSection(draft, page)
        } after: {
            if let editing {
                HTML.form(.attr("method", "post"), .attr("action", HabitsPath.delete.link(editing.id)), .class("habit-delete"),
                          .attr("data-confirm-title", page.t("habits.delete.title")),
                          .attr("data-confirm-message", page.catalogue.text("habits.delete.message", ["name": editing.name])),
                          .attr("data-confirm-action", page.t("habits.delete.confirm")),
                          .attr("data-confirm-cancel", page.t("habits.delete.cancel"))) {
                    CSRFInput.html(page)
                    HTML.button(.class("habit-delete__button"), .type("submit")) { page.t("habits.action.delete") }
                }
            }
        }
    }

    /// How often (issue 38): three radio buttons, each kind's own controls after it. Every control
    /// is in the form, so it works without a script; the stylesheet shows a kind's controls only
    /// while it is chosen. The numbers are text with a numeric keyboard and no browser limits, so
    /// an out-of-range number gets the page's own message and stays as typed.
    private func scheduleSection(_ draft: HabitDraft, _ page: PageContext) -> HTML {
        let error = sheet.errors?[.schedule]?.message(in: page.catalogue)
        let describedBy = error == nil ? "hint-schedule" : "hint-schedule error-schedule"
        func kind(_ frequency: HabitDraft.Frequency) -> HTML {
            HTML.label(.class("habit-schedule__kind")) {
                HTML.input(.type("radio"), .name("frequency"), .value(frequency.rawValue), .flag("checked", when: draft.frequency == frequency))
                HTML.span { page.t("habits.schedule.kind.\(frequency.rawValue)") }
            }
        }
        return HTML.div(.class("list-section")) {
            HTML.fieldset(.class("list-section__body habit-schedule" + (error == nil ? "" : " has-error")), .id("field-schedule"),
                          .attr("aria-describedby", describedBy)) {
                HTML.legend(.class("habit-schedule__legend")) { page.t("habits.field.schedule") }
                kind(.daily)
                kind(.times)
                HTML.div(.class("habit-schedule__times")) {
                    number("times", draft.times, label: "habits.schedule.timesLabel", page)
                    number("days", draft.days, label: "habits.schedule.daysLabel", page)
                    // The period's rule, shown with the one kind that has a period (issue 48).
                    HTML.p(.class("habit-schedule__hint"), .id("hint-schedule")) { page.t("habits.schedule.hint") }
                }
                kind(.weekdays)
                HTML.fieldset(.class("habit-schedule__weekdays")) {
                    HTML.legend(.class("visually-hidden")) { page.t("habits.schedule.weekdaysLabel") }
                    for weekday in WeekdaySet.weekOrder(startsOnMonday: page.language.weekStartsOnMonday) {
                        HTML.label(.class("habit-weekday")) {
                            HTML.input(.type("checkbox"), .name("weekday\(weekday)"), .value("on"),
                                       .flag("checked", when: draft.weekdays.contains(weekday)))
                            HTML.span(.attr("aria-hidden", "true")) { page.t("habits.weekday.short.\(weekday)") }
                            HTML.span(.class("visually-hidden")) { page.t("habits.weekday.long.\(weekday)") }
                        }
                    }
                }
                if let error {
                    HTML.p(.class("form-cell__error"), .id("error-schedule")) { error }
                }
            }
        }
    }

    /// Yes/no or a number (issue 48), chosen when the habit is made (as in Loop: a tick has no
    /// number to become); a number's unit, target and at least / at most. Shown while "Number" is
    /// chosen, as the schedule's controls are.
    private func measureSection(_ draft: HabitDraft, _ page: PageContext) -> HTML {
        let editing = sheet.editing
        if let editing, editing.measure == nil { return .fragment {} }
        let targetError = sheet.errors?[.target]?.message(in: page.catalogue)
        let unitError = sheet.errors?[.unit]?.message(in: page.catalogue)
        return HTML.div(.class("list-section")) {
            HTML.fieldset(.class("list-section__body habit-measure"), .id("field-kind")) {
                HTML.legend(.class("habit-schedule__legend")) { page.t("habits.field.kind") }
                if editing == nil {
                    for kind in HabitDraft.Kind.allCases {
                        HTML.label(.class("habit-schedule__kind")) {
                            HTML.input(.type("radio"), .name("kind"), .value(kind.rawValue), .flag("checked", when: draft.kind == kind))
                            HTML.span { page.t("habits.kind.\(kind.rawValue)") }
                        }
                    }
                } else {
                    HTML.input(.type("hidden"), .name("kind"), .value(HabitDraft.Kind.number.rawValue))
                }
                HTML.div(.class("habit-measure__fields")) {
                    HTML.label(.class("habit-schedule__number habit-measure__unit")) {
                        HTML.span { page.t("habits.field.unit") }
                        HTML.input(.class("form-cell__input"), .id("field-unit"), .name("unit"), .type("text"), .value(draft.unit),
                                   .attr("autocomplete", "off"), .attr("placeholder", page.t("habits.field.unitPlaceholder")),
                                   .attr("aria-invalid", "true", when: unitError != nil),
                                   .attr("aria-describedby", "error-unit", when: unitError != nil))
                    }
                    if let unitError { HTML.p(.class("form-cell__error"), .id("error-unit")) { unitError } }
                    HTML.fieldset(.class("habit-measure__kinds")) {
                        HTML.legend(.class("visually-hidden")) { page.t("habits.field.targetKind") }
                        for kind in HabitMeasure.Kind.allCases {
                            HTML.label(.class("habit-measure__kind")) {
                                HTML.input(.type("radio"), .name("targetKind"), .value(kind.rawValue), .flag("checked", when: draft.targetKind == kind))
                                HTML.span { page.t("habits.targetKind.\(kind.rawValue)") }
                            }
                        }
                    }
                    HTML.label(.class("habit-schedule__number habit-measure__target")) {
                        HTML.span { page.t("habits.field.target") }
                        HTML.input(.class("form-cell__input"), .id("field-target"), .name("target"), .type("text"), .value(draft.target),
                                   .attr("inputmode", "decimal"), .attr("autocomplete", "off"), .attr("size", "6"),
                                   .attr("aria-invalid", "true", when: targetError != nil),
                                   .attr("aria-describedby", targetError == nil ? "hint-target" : "hint-target error-target"))
                    }
                    HTML.p(.class("habit-schedule__hint"), .id("hint-target")) { page.t("habits.field.targetHint") }
                    if let targetError { HTML.p(.class("form-cell__error"), .id("error-target")) { targetError } }
                }
            }
        }
    }

    private func number(_ name: String, _ value: String, label: String, _ page: PageContext) -> HTML {
        HTML.label(.class("habit-schedule__number")) {
            HTML.span { page.t(label) }
            HTML.input(.class("form-cell__input"), .name(name), .type("text"), .value(value), .attr("inputmode", "numeric"),
                       .attr("autocomplete", "off"), .attr("size", "3"), .attr("maxlength", "3"))
        }
    }

    /// A labelled cell of the sheet with its control, and the field's error below it.
    private func field(_ field: HabitField, _ page: PageContext, @HTMLBuilder control: (_ hasError: Bool) -> HTML) -> HTML {
        let error = sheet.errors?[field]?.message(in: page.catalogue)
        let name = field.rawValue
        return .fragment {
            HTML.div(.class("form-cell habit-field habit-field--\(name)" + (error == nil ? "" : " has-error"))) {
                HTML.label(.class("form-cell__label"), .attr("for", "field-\(name)")) { field.label(in: page.catalogue) }
                control(error != nil)
            }
            if let error {
                HTML.p(.class("form-cell__error"), .id("error-\(name)")) { error }
            }
        }
    }
}
