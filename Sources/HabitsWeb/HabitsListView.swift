import Habits
import Hummingbird
import WebShell

/// The Habits tab (HB-3, HB-5) and what may cover it: the new-habit sheet, or the question
/// before undoing today's track.
struct HabitsListView {
    enum Overlay {
        case sheet(HabitSheet)
        case undoQuestion(habitID: Int64)
        /// The "…" menu (issue 48).
        case menu
    }

    let screen: HabitListScreen
    let overlay: Overlay?
    /// The habit the undo question is about (on this page or not).
    var undoRow: HabitListScreen.Row? = nil
    /// After Archive (issue 48).
    var banner: ArchiveBanner? = nil

    /// The id of the page's one track form, which every circle names.
    static let trackFormID = "habit-track"

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        let title = page.t("habits.today")
        var pageTitle = "\(title) – \(page.t("habits.appName"))"
        if case .sheet = overlay {
            pageTitle = "\(page.t("habits.sheet.newTitle")) – \(page.t("habits.appName"))"
        }
        // No habits, no colours: a first visit's page waits for no stylesheet of its own (issue 47).
        let colors = screen.rows.isEmpty ? nil : HabitColorsStylesheet.href(screen.rows.map { ($0.id, $0.color) })
        var document = HabitsFrame.document(title: pageTitle, page, colors: colors, withScript: true)
        // An empty list shows no day, so a first visit is not drawn again once the zone is known.
        document.showsTimes = !screen.rows.isEmpty
        document.expectedBytes = 24 * 1024 + screen.rows.count * 700  // a card writes about 600 bytes
        let here = HabitsListPage(after: screen.after, limit: screen.limit)
        var bar = NavigationBar.appRoot(title, page, action: .init(href: HabitsPath.newSheet.path, label: page.t("habits.action.add"), isPlus: true))
        bar.moreAction = .init(href: HabitsPath.menu.path, label: page.t("habits.menu.more"))
        return document.page(page, status: status) {
            bar.html(page)
            HTML.main(.class("content habits"), .id("habits")) {
                if let banner { banner.html(page) }
                progressCell(page)
                if screen.after != nil {
                    HTML.div(.class("habits__more-action")) {
                        HTML.a(.class("button"), .href(HabitsPath.list.path)) { page.t("habits.list.fromStart") }
                    }
                }
                if screen.isEmpty {
                    EmptyState(title: page.t("habits.empty.title"), message: page.t("habits.empty.message"),
                               action: Link(href: HabitsPath.newSheet.path, label: page.t("habits.action.add"))).html
                } else {
                    trackForm(page, here: here)
                    HTML.ul(.class("habit-cards"), .ariaLabel(page.t("habits.tabs.habits"))) {
                        let rows = screen.rows
                        HTML.streamed { writer in  // up to 200 cards: written straight into the page
                            for row in rows { Self.card(row, into: &writer) }
                        }
                    }
                    if screen.hasMore || screen.after != nil {
                        HTML.p(.class("list-section__footer habits__more"), .attr("aria-live", "polite")) {
                            page.catalogue.text("habits.list.shown", ["shown": String(screen.rows.count), "total": String(screen.total)])
                        }
                    }
                    if screen.hasMore {
                        let next = screen.next
                        HTML.div(.class("habits__more-action")) {
                            HTML.a(.class("button"), .href(HabitsPath.list(after: next.after, limit: next.limit))) { page.t("habits.list.showMore") }
                        }
                    }
                }
            }
            HabitsFrame.tabBar(selected: .habits, page)
            if case .sheet(let sheet) = overlay { HabitSheetView(sheet: sheet).html(page) }
            if case .menu = overlay { menu(page) }
            if case .undoQuestion = overlay, let undoRow {
                Alert(title: page.t("habits.untrack.title"), message: undoRow.undoMessage,
                      cancel: Link(href: here.path, label: page.t("habits.untrack.cancel")),
                      confirmLabel: page.t("habits.untrack.confirm"),
                      action: HabitsPath.trackAction(undoRow.id, isTracked: true), fields: [("confirm", "yes")] + Self.pageFields(here)).html(page)
            }
        }
    }

    /// Where the list's "…" leads, as an iOS list's menu does (issue 48).
    private func menu(_ page: PageContext) -> HTML {
        var items = [
            ActionMenu.Item(href: HabitsPath.order.path, label: page.t("habits.order.link")),
            ActionMenu.Item(href: HabitsPath.archived.path, label: page.t("habits.archive.link")),
            ActionMenu.Item(href: HabitsPath.importFile.path, label: page.t("habits.import.action"), rel: "import-habits"),
        ]
        if !screen.isEmpty {
            items.append(ActionMenu.Item(href: HabitsPath.export.path, label: page.t("habits.action.export"), download: true))
        }
        return ActionMenu(title: page.t("habits.appName"), items: items, cancel: Link(href: HabitsPath.list.path, label: page.t("habits.action.cancel")))
            .html(page)
    }

    /// The page's one track form: the token and the page to come back to, and the undo question's
    /// words (each circle adds its habit's). Every circle submits it, naming its habit in
    /// `formaction`: one CSRF token a page, not one a card (issue 34).
    private func trackForm(_ page: PageContext, here: HabitsListPage) -> HTML {
        .form(.id(Self.trackFormID), .class("habit-track"), .attr("method", "post"),
              .attr("data-undo-title", page.t("habits.untrack.title")), .attr("data-undo-confirm", page.t("habits.untrack.confirm")),
              .attr("data-undo-cancel", page.t("habits.untrack.cancel"))) {
            CSRFInput.html(page)
            for (name, value) in Self.pageFields(here) {
                HTML.input(.type("hidden"), .name(name), .value(value))
            }
        }
    }

    /// The hidden fields that bring a post back to this page of the list.
    private static func pageFields(_ page: HabitsListPage) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        if let after = page.after { fields.append(("after", String(after))) }
        if let limit = page.limit, limit != HabitListScreen.pageSize { fields.append(("limit", String(limit))) }
        return fields
    }

    private func progressCell(_ page: PageContext) -> HTML {
        // The templates let a tap queued offline redraw the cell as the server would.
        // The counts are of every habit, not only the page's: what a tap queued offline counts from.
        .section(.class("habits-progress"), .attr("aria-labelledby", "progress-label"),
                 .attr("data-done", String(screen.progress.done)), .attr("data-total", String(screen.progress.total)),
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

    /// One habit: its link to the details and the circle that tracks it, a button of the page's
    /// track form. The script updates the same parts from `TrackState`, made from the same row.
    /// Written from literals around the row's values (up to 200 cards a page): the same bytes the
    /// element builders write.
    private static func card(_ row: HabitListScreen.Row, into writer: inout HTMLWriter) {
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
        writer.markup(#"</span></a>"#)
        if let valueLabel = row.valueLabel {
            // A measurable habit's circle opens today's sheet for its number (issue 48).
            writer.markup(#"<a class="habit-track__circle habit-track__circle--value" href=""#)
            HabitsPath.day.write(Int(row.id), into: &writer)
            writer.markup(#"" aria-label=""#)
            writer.text(valueLabel)
            writer.markup(row.isTrackedToday ? #"" data-done"# : #"""#)
            writer.markup(row.isDueToday ? ">" : " data-not-due>")
            writer.write(Self.checkMark)
            writer.markup("</a></li>")
            return
        }
        writer.markup(#"<button class="habit-track__circle" form="habit-track" formaction=""#)
        (row.isTrackedToday ? HabitsPath.untrack : HabitsPath.track).write(Int(row.id), into: &writer)
        writer.markup(#"" aria-pressed=""#)
        writer.markup(row.isTrackedToday ? "true" : "false")
        writer.markup(#"" aria-label=""#)
        writer.text(row.trackLabel)
        writer.markup(#"" data-undo-message=""#)
        writer.text(row.undoMessage)
        writer.markup(#"" data-toggled-counter=""#)
        writer.text(row.toggledCounter)
        writer.markup(#"" data-toggled-label=""#)
        writer.text(row.toggledTrackLabel)
        // A habit its schedule does not ask for today (issue 38) is outside the progress.
        writer.markup(row.isDueToday ? #"">"# : #"" data-not-due>"#)
        writer.write(Self.checkMark)
        writer.markup("</button></li>")
    }

    private static let checkMark = HTML.trusted(
        #"<svg class="habit-track__check" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6.5 12.5l3.8 3.8 7.2-8.3"/></svg>"#)
}
