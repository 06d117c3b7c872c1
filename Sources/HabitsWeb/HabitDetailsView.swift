import Habits
import Hummingbird
import WebShell

/// A habit's details (HB-6) and, over them, the edit sheet (HB-7, HB-8).
struct HabitDetailsView {
    let screen: HabitDetailsScreen
    let sheet: HabitSheet?
    var reminder: HabitReminderSection? = nil

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
            ValueCell(label: page.t("habits.details.completion"), value: "\(Int((stats.completionRate * 100).rounded()))%"),
        ]
        return document.page(page, status: status) {
            NavigationBar(
                title: habit.name, back: .init(href: HabitsPath.list.path, label: page.t("habits.details.back")),
                action: .init(href: HabitsPath.edit.link(habit.id), label: page.t("habits.action.edit"))).html(page)
            HTML.main(.class("content habit-details"), .attr("data-habit", String(habit.id))) {
                HTML.p(.class("habit-details__schedule")) { habit.time.dateString(in: catalogue) }
                HTML.section(.class("list-section")) {
                    HTML.ul(.class("cells habit-stats")) {
                        for cell in streakCells { cell.html }
                    }
                }
                if let reminder { reminder.html(page) }
                heatmap(summary: summary, page)
                HTML.section(.class("list-section"), .attr("aria-labelledby", "activity-title")) {
                    HTML.h2(.class("list-section__header"), .id("activity-title")) { page.t("habits.details.activity") }
                    HTML.ul(.class("cells habit-days")) {
                        let trackedLabel = page.t("habits.details.tracked")
                        for row in screen.days { day(row, trackedLabel: trackedLabel) }
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
            }
            HabitsFrame.tabBar(selected: .habits, page)
            if let sheet { HabitSheetView(sheet: sheet).html(page) }
        }
    }

    private func heatmap(summary: String, _ page: PageContext) -> HTML {
        .section(.class("list-section habit-heatmap"), .attr("aria-labelledby", "heatmap-title")) {
            HTML.h2(.class("list-section__header"), .id("heatmap-title")) { page.t("habits.details.heatmap") }
            HTML.div(.class("list-section__body heatmap"), .attr("role", "img"), .ariaLabel(summary)) {
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
                                    for cell in week.cells { Self.heatmapCell(cell.state) }
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

    /// The four cells a heatmap draws, made once: 371 of them on every details page.
    private static func heatmapCell(_ state: Heatmap.State) -> HTML {
        switch state {
        case .tracked: HTML.trusted(#"<span class="heatmap__cell heatmap__cell--tracked"></span>"#)
        case .untracked: HTML.trusted(#"<span class="heatmap__cell heatmap__cell--untracked"></span>"#)
        case .before: HTML.trusted(#"<span class="heatmap__cell heatmap__cell--before"></span>"#)
        case .future: HTML.trusted(#"<span class="heatmap__cell heatmap__cell--future"></span>"#)
        }
    }

    private func day(_ row: HabitDetailsScreen.DayRow, trackedLabel: String) -> HTML {
        .li(.class("cell habit-day"), .attr("data-day", row.day.iso)) {
            HTML.span(.class("habit-day__label")) { row.label }
            if row.isTracked {
                HTML.element("svg", [.class("habit-day__check"), .attr("viewBox", "0 0 24 24"), .attr("role", "img"), .ariaLabel(trackedLabel)],
                             children: [.trusted(#"<path d="M5 12.5l4.5 4.5L19 7.5"/>"#)])
            }
        }
    }
}
