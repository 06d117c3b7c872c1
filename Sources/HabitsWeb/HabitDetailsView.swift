import Habits
import Localization
import Hummingbird
import WebShell

/// A habit's details (HB-6): streaks, done %, strength and its chart (issue 48), the year's
/// heatmap and the Activity list; over them, the edit sheet (HB-7, HB-8), the question before
/// unticking a past day, or why a day cannot be changed (issue 38).
struct HabitDetailsView {
    enum Overlay {
        case sheet(HabitSheet)
        case undoDay(CalendarDay)
        case refused(String)
        /// A day's sheet (issue 48).
        case day(HabitDaySheet)
    }

    let screen: HabitDetailsScreen
    let overlay: Overlay?
    var reminder: HabitReminderSection? = nil

    /// The id of the page's one day form, which every day's control names.
    static let dayFormID = "habit-day"

    private var sheet: HabitSheet? {
        if case .sheet(let sheet) = overlay { sheet } else { nil }
    }

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        let habit = screen.habit
        let stats = screen.stats
        let catalogue = page.catalogue
        let title = sheet == nil
            ? "\(habit.name) – \(page.t("habits.appName"))"
            : "\(page.t("habits.sheet.editTitle")) – \(habit.name)"
        let colors = HabitColorsStylesheet.href([(habit.id, habit.color)])
        let document = HabitsFrame.document(title: title, page, colors: colors, withScript: true)
        let summary = catalogue.plural("habits.details.heatmapSummary", count: screen.heatmap.trackedCount)
        let streakCells = [
            ValueCell(label: page.t("habits.details.currentStreak"), value: catalogue.plural("habits.details.streakDays", count: stats.currentStreak)),
            ValueCell(label: page.t("habits.details.longestStreak"), value: catalogue.plural("habits.details.streakDays", count: stats.longestStreak)),
            ValueCell(label: page.t("habits.details.completion"), value: StrengthChart.percent(stats.completionRate)),
            ValueCell(label: page.t("habits.details.strength"), value: StrengthChart.percent(stats.score.current)),
        ]
        return document.page(page, status: status) {
            navigationBar(page)
            HTML.main(.class("content habit-details"), .attr("data-habit", String(habit.id))) {
                if case .refused(let message) = overlay {
                    HTML.p(.class("form-summary habit-details__refused"), .attr("role", "alert")) { message }
                }
                HTML.p(.class("habit-details__schedule")) { ScheduleText(catalogue).text(habit.schedule, at: habit.time) }
                if let measure = habit.measure {
                    HTML.p(.class("habit-details__schedule habit-details__target")) { MeasureText(catalogue).target(measure, schedule: habit.schedule) }
                }
                if habit.isArchived {
                    HTML.p(.class("habit-details__archived")) { page.t("habits.archive.note") }
                }
                dayForm(page)
                HTML.section(.class("list-section")) {
                    HTML.ul(.class("cells habit-stats")) {
                        for cell in streakCells { cell.html }
                    }
                }
                if let reminder { reminder.html(page) }
                StrengthChart(score: stats.score).html(page)
                heatmap(summary: summary, page)
                HTML.section(.class("list-section"), .attr("aria-labelledby", "activity-title")) {
                    HTML.h2(.class("list-section__header"), .id("activity-title")) { page.t("habits.details.activity") }
                    HTML.ul(.class("cells habit-days")) {
                        let texts = DayTexts(page, measure: habit.measure)
                        for row in screen.days { day(row, habitID: habit.id, texts: texts) }
                    }
                }
                if screen.hasMore {
                    HTML.p(.class("list-section__footer habit-days__status"), .attr("aria-live", "polite")) {
                        catalogue.text("habits.details.shown", ["shown": String(screen.days.count), "total": String(screen.totalDays)])
                    }
                    HTML.div(.class("habit-days__more")) {
                        HTML.a(.class("button"), .href(HabitsPath.details(habit.id, limit: screen.nextLimit))) { page.t("habits.details.showMore") }
                    }
                }
                archiveForm(page)
            }
            HabitsFrame.tabBar(selected: .habits, page)
            if let sheet { HabitSheetView(sheet: sheet).html(page) }
            if case .day(let daySheet) = overlay { HabitDaySheetView(sheet: daySheet, screen: screen).html(page) }
            if case .undoDay(let day) = overlay, let action = screen.action(on: day) {
                let here = HabitsPath.details(habit.id, limit: screen.limit == HabitDetailsScreen.pageSize ? nil : screen.limit)
                Alert(title: page.t("habits.day.undoTitle"), message: action.undoMessage ?? "",
                      cancel: Link(href: here, label: page.t("habits.untrack.cancel")),
                      confirmLabel: page.t("habits.untrack.confirm"),
                      action: HabitsPath.untrack.link(habit.id), fields: [("confirm", "yes"), ("day", day.iso)] + dayFields).html(page)
            }
        }
    }

    /// The hidden fields that bring a day's post back to these details.
    private var dayFields: [(name: String, value: String)] {
        var fields = [(name: "from", value: "details")]
        if screen.limit != HabitDetailsScreen.pageSize { fields.append(("days", String(screen.limit))) }
        return fields
    }

    /// The page's one day form (issue 38): the token, the way back and the undo question's words.
    /// Every day's control, in the Activity list and in the heatmap, submits it with its day as
    /// the button's value, naming track or untrack in `formaction`: a plain form without a script.
    /// The habit's name as a large title that wraps: the person's own words, never cut (issue 48).
    private func navigationBar(_ page: PageContext) -> HTML {
        let habit = screen.habit
        var bar = NavigationBar(
            title: habit.name, back: .init(href: HabitsPath.list.path, label: page.t("habits.details.back")),
            action: .init(href: HabitsPath.edit.link(habit.id), label: page.t("habits.action.edit")))
        bar.largeTitle = true
        bar.largeTitleWraps = true
        return bar.html(page)
    }

    private func dayForm(_ page: PageContext) -> HTML {
        .form(.id(Self.dayFormID), .class("habit-track"), .attr("method", "post"),
              .attr("data-undo-title", page.t("habits.day.undoTitle")), .attr("data-undo-confirm", page.t("habits.untrack.confirm")),
              .attr("data-undo-cancel", page.t("habits.untrack.cancel"))) {
            CSRFInput.html(page)
            for (name, value) in dayFields {
                HTML.input(.type("hidden"), .name(name), .value(value))
            }
        }
    }

    /// Archive (or, for an archived habit, Restore) below the history (issue 38).
    private func archiveForm(_ page: PageContext) -> HTML {
        let habit = screen.habit
        return .form(.class("habit-details__archive"), .attr("method", "post"),
                     .attr("action", (habit.isArchived ? HabitsPath.restore : HabitsPath.archive).link(habit.id))) {
            CSRFInput.html(page)
            HTML.input(.type("hidden"), .name("from"), .value("details"))
            HTML.button(.type("submit"), .class("button")) {
                page.t(habit.isArchived ? "habits.archive.restoreAction" : "habits.archive.action")
            }
        }
    }

    private func heatmap(summary: String, _ page: PageContext) -> HTML {
        .section(.class("list-section habit-heatmap"), .attr("aria-labelledby", "heatmap-title")) {
            HTML.h2(.class("list-section__header"), .id("heatmap-title")) { page.t("habits.details.heatmap") }
            // A group, not an image: its days are links to their sheets (issue 48).
            HTML.div(.class("list-section__body heatmap"), .attr("role", "group"), .ariaLabel(summary)) {
                HTML.div(.class("heatmap__grid")) {
                    let columns = screen.heatmap.columns
                    let split = Self.halfColumns
                    let repeated = Self.secondRowLabel(columns, at: split)
                    for half in [columns[..<split], columns[split...]] {
                        HTML.div(.class("heatmap__half")) {
                            for (index, week) in zip(half.indices, half) {
                                HTML.div(.class("heatmap__week")) {
                                    if index == split, week.monthLabel == nil, let repeated {
                                        HTML.span(.class("heatmap__month heatmap__month--repeat")) { repeated }
                                    } else {
                                        HTML.span(.class("heatmap__month")) { week.monthLabel ?? "" }
                                    }
                                    for cell in week.cells { heatmapCell(cell) }
                                }
                            }
                        }
                    }
                }
            }
            HTML.p(.class("list-section__footer")) { summary }
        }
    }

    /// A narrow heatmap's first row: 27 weeks, the second the other 26 (CSS gives each row 27 columns,
    /// so both rows have the same cells and the first fills the width).
    static let halfColumns = 27

    /// The month's name to open the second row with when no month begins in its first week (shown in
    /// two rows only); nil when the next month's name is too close to leave room for it.
    static func secondRowLabel(_ columns: [Heatmap.Week], at split: Int) -> String? {
        guard split < columns.count, columns[split].monthLabel == nil,
              let month = columns[split].cells.first?.day.month else { return nil }
        if let next = columns[split...].firstIndex(where: { $0.monthLabel != nil }), next - split < 3 { return nil }
        // Every month begins once in 53 weeks: its name is that week's label.
        return columns.first { week in week.cells.contains { $0.day.day == 1 && $0.day.month == month } }?.monthLabel
    }

    /// A day that cannot be changed is one of five cells made once (371 on every details page);
    /// one that can opens its day's sheet (issue 48: an 8-point cell was a toggle; the sheet's
    /// controls are 44 points). Its links stay out of the Tab order (the Activity list holds the
    /// same days, one a row, in order): 365 tab stops in a grid would bury the rest of the page;
    /// a tap, a click and VoiceOver reach them, named "March 2, 2026: Done".
    private func heatmapCell(_ cell: Heatmap.Cell) -> HTML {
        if let label = cell.label {
            return .element("a", [
                .class("heatmap__cell heatmap__cell--\(cell.state.rawValue)"), .href(HabitsPath.day(screen.habit.id, cell.day)),
                .attr("data-day", cell.day.iso), .attr("tabindex", "-1"), .ariaLabel(label),
            ], children: [])
        }
        switch cell.state {
        case .tracked: return HTML.trusted(#"<span class="heatmap__cell heatmap__cell--tracked"></span>"#)
        case .untracked: return HTML.trusted(#"<span class="heatmap__cell heatmap__cell--untracked"></span>"#)
        case .skipped: return HTML.trusted(#"<span class="heatmap__cell heatmap__cell--skipped"></span>"#)
        case .before: return HTML.trusted(#"<span class="heatmap__cell heatmap__cell--before"></span>"#)
        case .future: return HTML.trusted(#"<span class="heatmap__cell heatmap__cell--future"></span>"#)
        }
    }

    /// A day of the Activity list: its row opens the day's sheet (issue 48: skip, note), its
    /// circle ticks it; a skipped day and a note show under the date.
    private func day(_ row: HabitDetailsScreen.DayRow, habitID: Int64, texts: DayTexts) -> HTML {
        .li(.class("cell habit-day"), .attr("data-day", row.day.iso)) {
            if row.action != nil {
                HTML.a(.class("habit-day__open"), .href(HabitsPath.day(habitID, row.day))) {
                    dayText(row, texts)
                    HTML.span(.class("visually-hidden")) { texts.open }
                }
            } else {
                HTML.span(.class("habit-day__open")) { dayText(row, texts) }
            }
            // A measurable day is done by its number, entered on the day's sheet (issue 48).
            if let action = row.action, texts.unit == nil {
                HTML.element("button", dayButtonAttributes(row, action: action, habitID: habitID), children: [Self.dayCheck])
            } else if row.isTracked {
                HTML.element("svg", [.class("habit-day__check"), .attr("viewBox", "0 0 24 24"), .attr("role", "img"), .ariaLabel(texts.tracked)],
                             children: [.trusted(#"<path d="M5 12.5l4.5 4.5L19 7.5"/>"#)])
            }
        }
    }

    private func dayText(_ row: HabitDetailsScreen.DayRow, _ texts: DayTexts) -> HTML {
        .fragment {
            HTML.span(.class("habit-day__label")) { row.label }
            if row.isSkipped { HTML.span(.class("habit-day__skipped")) { texts.skipped } }
            if let value = row.value, let unit = texts.unit {
                HTML.span(.class("habit-day__value")) {
                    (DecimalText.format(value, language: texts.language) + " " + unit).trimmingCharacters(in: .whitespaces)
                }
            }
            if let note = row.note { HTML.span(.class("habit-day__note")) { note } }
        }
    }

    /// The Activity list's words, looked up once a page.
    struct DayTexts {
        let tracked, skipped, open: String
        /// A measurable habit's unit (issue 48); nil for yes/no.
        let unit: String?
        let language: Language

        init(_ page: PageContext, measure: HabitMeasure?) {
            (tracked, skipped, open) = (page.t("habits.details.tracked"), page.t("habits.daySheet.skipped"), page.t("habits.daySheet.open"))
            (unit, language) = (measure?.unit, page.language)
        }
    }

    /// A day's circle (issue 38): pressed when the day is done, named for what a press does.
    private func dayButtonAttributes(_ row: HabitDetailsScreen.DayRow, action: HabitDetailsScreen.DayAction, habitID: Int64) -> [Attribute] {
        var attributes: [Attribute] = [
            .type("submit"), .class("habit-track__circle habit-day__circle"), .attr("form", Self.dayFormID),
            .attr("formaction", (row.isTracked ? HabitsPath.untrack : HabitsPath.track).link(habitID)),
            .name("day"), .value(row.day.iso), .attr("aria-pressed", row.isTracked ? "true" : "false"), .ariaLabel(action.label),
        ]
        if let message = action.undoMessage { attributes.append(.attr("data-undo-message", message)) }
        return attributes
    }

    private static let dayCheck = HTML.trusted(
        #"<svg class="habit-track__check" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6.5 12.5l3.8 3.8 7.2-8.3"/></svg>"#)
}
