import Habits
import Hummingbird
import WebShell

/// The Habits tab (HB-3, HB-5) and what may cover it: the new-habit sheet, or the question
/// before undoing today's track.
struct HabitsListView {
    enum Overlay {
        case sheet(HabitSheet)
        case undoQuestion(habitID: Int64)
    }

    let screen: HabitListScreen
    let overlay: Overlay?
    /// The device's zone once the browser has sent it; nil tells the script to send it.
    let timeZone: String?

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        let title = page.t("habits.today")
        var pageTitle = "\(title) – \(page.t("habits.appName"))"
        var undoRow: HabitListScreen.Row?
        switch overlay {
        case .sheet:
            pageTitle = "\(page.t("habits.sheet.newTitle")) – \(page.t("habits.appName"))"
        case .undoQuestion(let id):
            undoRow = screen.rows.first { $0.id == id }
        case nil:
            break
        }
        let colors = HabitColorsStylesheet.href(screen.rows.map { ($0.id, $0.color) })
        var document = HabitsFrame.document(title: pageTitle, page, colors: colors, withScript: true)
        document.expectedBytes = 24 * 1024 + screen.rows.count * 1024  // a card writes about 800 bytes
        return document.page(page, status: status) {
            NavigationBar.backToHome(title, page, action: .init(href: HabitsPath.newSheet, label: page.t("habits.action.add"), isPlus: true)).html
            HTML.main(.class("content habits"), .id("habits"), .attr("data-time-zone", timeZone ?? ""),
                      .attr("data-tz-url", HabitsPath.timeZone), .attr("data-csrf", page.csrfToken)) {
                progressCell(page)
                if screen.isEmpty {
                    EmptyState(title: page.t("habits.empty.title"), message: page.t("habits.empty.message"),
                               action: Link(href: HabitsPath.newSheet, label: page.t("habits.action.add"))).html
                } else {
                    HTML.ul(.class("habit-cards"), .ariaLabel(page.t("habits.tabs.habits"))) {
                        let undo = (title: page.t("habits.untrack.title"), confirm: page.t("habits.untrack.confirm"), cancel: page.t("habits.untrack.cancel"))
                        let csrf = CSRFInput.html(page)  // the same in every card: built once, its bytes shared
                        let rows = screen.rows
                        HTML.streamed { writer in  // up to hundreds of cards: written straight into the page
                            for row in rows { Self.card(row, undo: undo, csrf: csrf, into: &writer) }
                        }
                    }
                    HTML.p(.class("habits__export")) {
                        HTML.a(.href(HabitsPath.export), .flag("download")) { page.t("habits.action.export") }
                    }
                }
            }
            HabitsFrame.tabBar(selected: .habits, page)
            if case .sheet(let sheet) = overlay { HabitSheetView(sheet: sheet).html(page) }
            if let undoRow {
                Alert(title: page.t("habits.untrack.title"), message: undoRow.undoMessage,
                      cancel: Link(href: HabitsPath.list, label: page.t("habits.untrack.cancel")),
                      confirmLabel: page.t("habits.untrack.confirm"),
                      action: HabitsPath.trackAction(undoRow.id, isTracked: true), fields: [("confirm", "yes")]).html(page)
            }
        }
    }

    private func progressCell(_ page: PageContext) -> HTML {
        .section(.class("habits-progress"), .attr("aria-labelledby", "progress-label")) {
            HTML.div(.class("habits-progress__row")) {
                HTML.span(.class("habits-progress__motivation"), .id("progress-label"), .flag("data-progress-motivation")) { screen.progress.motivation }
                HTML.span(.class("habits-progress__percent"), .flag("data-progress-text")) { screen.progress.text }
            }
            HTML.progress(.class("habits-progress__bar"), .attr("max", "100"), .value(String(screen.progress.percent)),
                          .ariaLabel(page.t("habits.progress.label")), .flag("data-progress-bar")) { screen.progress.text }
        }
    }

    /// One habit: its link to the details and the circle that tracks it. The script updates the
    /// same parts from `TrackState`, made from the same row.
    private static func card(
        _ row: HabitListScreen.Row, undo: (title: String, confirm: String, cancel: String), csrf: HTML, into writer: inout HTMLWriter
    ) {
        writer.element("li", .class("habit-card"), .attr("data-habit", String(row.id))) { writer in
            writer.element("a", .class("habit-card__link"), .href(HabitsPath.details(row.id))) { writer in
                writer.element("span", .class("habit-card__name"), text: row.name)
                writer.element("span", .class("habit-card__schedule"), text: row.schedule)
                writer.element("span", .class("habit-card__counter"), .flag("data-counter"), text: row.counter)
            }
            writer.element(
                "form", .class("habit-track"), .attr("method", "post"), .attr("action", HabitsPath.trackAction(row.id, isTracked: row.isTrackedToday)),
                .attr("data-undo-title", undo.title), .attr("data-undo-message", row.undoMessage),
                .attr("data-undo-confirm", undo.confirm), .attr("data-undo-cancel", undo.cancel)
            ) { writer in
                writer.write(csrf)
                writer.element(
                    "button", .class("habit-track__circle"), .type("submit"), .attr("aria-pressed", row.isTrackedToday ? "true" : "false"),
                    .ariaLabel(row.trackLabel)
                ) { writer in
                    writer.write(Self.checkMark)
                }
            }
        }
    }

    private static let checkMark = HTML.trusted(
        #"<svg class="habit-track__check" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6.5 12.5l3.8 3.8 7.2-8.3"/></svg>"#)
}
