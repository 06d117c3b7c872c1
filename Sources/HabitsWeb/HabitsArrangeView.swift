import Habits
import Hummingbird
import WebShell

/// The Order and Archived screens (issue 38). Each screen has one form (one CSRF token a page);
/// every row's buttons submit it, naming their habit in `formaction` and in their accessible name.
struct HabitsArrangeView {
    enum Content {
        case order(HabitOrderScreen)
        case archived(HabitArchiveScreen)
    }

    let content: Content
    var banner: ArchiveBanner? = nil

    static let formID = "habit-arrange"

    /// The row's anchor: a move comes back to the moved habit.
    static func rowID(_ id: Int64) -> String { "habit-\(id)" }

    func page(_ page: PageContext, status: HTTPResponse.Status = .ok) -> HTMLPage {
        let title: String
        let colors: String?
        switch content {
        case .order(let screen):
            title = page.t("habits.order.title")
            colors = HabitColorsStylesheet.href(screen.rows.map { ($0.id, $0.color) })
        case .archived(let screen):
            title = page.t("habits.archive.title")
            colors = HabitColorsStylesheet.href(screen.rows.map { ($0.id, $0.color) })
        }
        // The Order screen's script adds drag on touch; every button works without it.
        let document = HabitsFrame.document(title: "\(title) – \(page.t("habits.appName"))", page, colors: colors, withScript: isOrder)
        let back: NavigationBar.Back
        switch content {
        case .order: back = NavigationBar.Back(href: HabitsPath.list.path, label: page.t("habits.today"))
        case .archived: back = NavigationBar.Back(href: HabitsPath.order.path, label: page.t("habits.order.title"))
        }
        return document.page(page, status: status) {
            NavigationBar(title: title, back: back, shortTitle: title).html(page)
            HTML.main(.class("content habits-arrange")) {
                if let banner { banner.html(page) }
                HTML.form(.id(Self.formID), .class("habit-track"), .attr("method", "post")) {
                    CSRFInput.html(page)
                    HTML.input(.type("hidden"), .name("from"), .value(isOrder ? "order" : "archived"))
                }
                switch content {
                case .order(let screen): order(screen, page)
                case .archived(let screen): archived(screen, page)
                }
            }
            HabitsFrame.tabBar(selected: .habits, page)
        }
    }

    private var isOrder: Bool {
        if case .order = content { true } else { false }
    }

    private func order(_ screen: HabitOrderScreen, _ page: PageContext) -> HTML {
        .fragment {
            HTML.section(.class("list-section"), .attr("aria-labelledby", "habits-order-title")) {
                HTML.h2(.class("list-section__header"), .id("habits-order-title")) { page.t("habits.order.heading") }
                if screen.rows.isEmpty {
                    HTML.p(.class("list-section__body habits-arrange__empty")) { page.t("habits.order.empty") }
                } else {
                    HTML.ul(.class("cells habits-arrange__list"), .flag("data-draggable")) {
                        for row in screen.rows {
                            HTML.li(.class("cell habits-arrange__row"), .id(Self.rowID(row.id)), .attr("data-habit", String(row.id))) {
                                // Drag on touch (issue 38), an enhancement: Move up and Move down
                                // are the way for VoiceOver, a keyboard, and no script.
                                Self.dragHandle
                                HTML.span(.class("habits-arrange__name")) { row.name }
                                HTML.span(.class("habits-arrange__buttons")) {
                                    Self.moveButton(row.id, .up, label: row.moveUpLabel, enabled: row.canMoveUp)
                                    Self.moveButton(row.id, .down, label: row.moveDownLabel, enabled: row.canMoveDown)
                                    HTML.button(.type("submit"), .class("habits-arrange__text-button"), .attr("form", Self.formID),
                                                .attr("formaction", HabitsPath.archive.link(row.id)), .ariaLabel(row.archiveLabel)) {
                                        page.t("habits.order.archiveShort")
                                    }
                                }
                            }
                        }
                    }
                }
                HTML.p(.class("list-section__footer")) { page.t("habits.order.footer") }
            }
            HTML.p(.class("habits-arrange__more")) {
                HTML.a(.class("button"), .href(HabitsPath.archived.path)) { page.t("habits.archive.link") }
            }
        }
    }

    /// Up or down: an arrow named for VoiceOver ("Move “Run” up"). The first row's Move up and the
    /// last row's Move down are there but disabled, so the buttons stay in their columns.
    private static func moveButton(_ id: Int64, _ move: HabitMove, label: String, enabled: Bool) -> HTML {
        var attributes: [Attribute] = [
            .type("submit"), .class("habits-arrange__move"), .attr("form", formID), .attr("formaction", HabitsPath.move.link(id)),
            .name("direction"), .value(move.rawValue), .ariaLabel(label),
        ]
        if !enabled { attributes.append(.flag("disabled")) }
        return .element("button", attributes, children: [move == .up ? upArrow : downArrow])
    }

    private static let dragHandle = HTML.trusted(
        #"<span class="habits-arrange__handle" aria-hidden="true"><svg viewBox="0 0 24 24" focusable="false"><path d="M5 8h14M5 12h14M5 16h14"/></svg></span>"#)
    private static let upArrow = HTML.trusted(#"<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 15l6-6 6 6"/></svg>"#)
    private static let downArrow = HTML.trusted(#"<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 9l6 6 6-6"/></svg>"#)

    private func archived(_ screen: HabitArchiveScreen, _ page: PageContext) -> HTML {
        .section(.class("list-section"), .attr("aria-labelledby", "habits-archived-title")) {
            HTML.h2(.class("list-section__header"), .id("habits-archived-title")) { page.t("habits.archive.heading") }
            if screen.rows.isEmpty {
                HTML.p(.class("list-section__body habits-arrange__empty")) { page.t("habits.archive.empty") }
            } else {
                HTML.ul(.class("cells habits-arrange__list")) {
                    for row in screen.rows {
                        HTML.li(.class("cell habits-arrange__row"), .id(Self.rowID(row.id)), .attr("data-habit", String(row.id))) {
                            HTML.a(.class("habits-arrange__name"), .href(HabitsPath.details(row.id))) {
                                HTML.span { row.name }
                                HTML.span(.class("habits-arrange__counter")) { row.counter }
                            }
                            HTML.button(.type("submit"), .class("habits-arrange__text-button"), .attr("form", Self.formID),
                                        .attr("formaction", HabitsPath.restore.link(row.id)), .ariaLabel(row.restoreLabel)) {
                                page.t("habits.archive.restoreShort")
                            }
                        }
                    }
                }
            }
        }
    }
}
