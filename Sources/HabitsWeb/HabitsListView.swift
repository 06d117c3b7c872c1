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
            NavigationBar.backToHome(title, page, action: .init(href: HabitsPath.newSheet.path, label: page.t("habits.action.add"), isPlus: true)).html(page)
            HTML.main(.class("content habits"), .id("habits")) {
                progressCell(page)
                if screen.isEmpty {
                    EmptyState(title: page.t("habits.empty.title"), message: page.t("habits.empty.message"),
                               action: Link(href: HabitsPath.newSheet.path, label: page.t("habits.action.add"))).html
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
                        HTML.a(.href(HabitsPath.export.path), .flag("download")) { page.t("habits.action.export") }
                    }
                }
            }
            HabitsFrame.tabBar(selected: .habits, page)
            if case .sheet(let sheet) = overlay { HabitSheetView(sheet: sheet).html(page) }
            if let undoRow {
                Alert(title: page.t("habits.untrack.title"), message: undoRow.undoMessage,
                      cancel: Link(href: HabitsPath.list.path, label: page.t("habits.untrack.cancel")),
                      confirmLabel: page.t("habits.untrack.confirm"),
                      action: HabitsPath.trackAction(undoRow.id, isTracked: true), fields: [("confirm", "yes")]).html(page)
            }
        }
    }

    private func progressCell(_ page: PageContext) -> HTML {
        // The templates let a tap queued offline redraw the cell as the server would.
        .section(.class("habits-progress"), .attr("aria-labelledby", "progress-label"),
                 .attr("data-percent-template", page.t("habits.progress.percent")),
                 .attr("data-motivation-done", page.t("habits.progress.done")),
                 .attr("data-motivation-other", page.t("habits.progress.motivation"))) {
            HTML.div(.class("habits-progress__row")) {
                HTML.span(.class("habits-progress__motivation"), .id("progress-label"), .flag("data-progress-motivation")) { screen.progress.motivation }
                HTML.span(.class("habits-progress__percent"), .flag("data-progress-text")) { screen.progress.text }
            }
            HTML.progress(.class("habits-progress__bar"), .attr("max", "100"), .value(String(screen.progress.percent)),
                          .ariaLabel(page.t("habits.progress.label")), .flag("data-progress-bar")) { screen.progress.text }
        }
    }

    /// One habit: its link to the details and the circle that tracks it. The script updates the
    /// same parts from `TrackState`, made from the same row. Written from literals around the
    /// row's values (hundreds of cards a page): the same bytes the element builders write.
    private static func card(
        _ row: HabitListScreen.Row, undo: (title: String, confirm: String, cancel: String), csrf: HTML, into writer: inout HTMLWriter
    ) {
        writer.markup(#"<li class="habit-card" data-habit=""#)
        writer.number(Int(row.id))
        writer.markup(#""><a class="habit-card__link" href=""#)
        HabitsPath.details.write(Int(row.id), into: &writer)
        writer.markup(#""><span class="habit-card__name">"#)
        writer.text(row.name)
        writer.markup(#"</span><span class="habit-card__schedule">"#)
        writer.text(row.schedule)
        writer.markup(#"</span><span class="habit-card__counter" data-counter>"#)
        writer.text(row.counter)
        writer.markup(#"</span></a><form class="habit-track" method="post" action=""#)
        (row.isTrackedToday ? HabitsPath.untrack : HabitsPath.track).write(Int(row.id), into: &writer)
        writer.markup(#"" data-undo-title=""#)
        writer.text(undo.title)
        writer.markup(#"" data-undo-message=""#)
        writer.text(row.undoMessage)
        writer.markup(#"" data-undo-confirm=""#)
        writer.text(undo.confirm)
        writer.markup(#"" data-undo-cancel=""#)
        writer.text(undo.cancel)
        writer.markup(#"" data-toggled-counter=""#)
        writer.text(row.toggledCounter)
        writer.markup(#"" data-toggled-label=""#)
        writer.text(row.toggledTrackLabel)
        writer.markup(#"">"#)
        writer.write(csrf)
        writer.markup(#"<button class="habit-track__circle" type="submit" aria-pressed=""#)
        writer.markup(row.isTrackedToday ? "true" : "false")
        writer.markup(#"" aria-label=""#)
        writer.text(row.trackLabel)
        writer.markup(#"">"#)
        writer.write(Self.checkMark)
        writer.markup("</button></form></li>")
    }

    private static let checkMark = HTML.trusted(
        #"<svg class="habit-track__check" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6.5 12.5l3.8 3.8 7.2-8.3"/></svg>"#)
}
