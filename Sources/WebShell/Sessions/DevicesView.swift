import Devices
import Foundation
import HTTPTypes

/// `GET /devices` (issue 36): this browser first, then every other browser linked to the same
/// data with its name and the day it was last seen (in the device's zone), each with Remove;
/// "Use on another device"; what the GitHub sign-in means for them all; then the sections the
/// composition root adds. Remove asks first in an action sheet the server draws
/// (`/devices?remove=<session>`), so it works without a script.
struct DevicesView {
    let screen: DevicesScreen
    let sections: [DevicesSection]
    /// The screen's query, which the sections read.
    let query: (String) -> String?

    func page(_ page: PageContext, status: HTTPResponse.Status = .ok) -> HTMLPage {
        let title = page.t("devices.title")
        var document = Document(title: title)
        document.bodyClass = "screen devices-screen"
        return document.page(page, status: status) {
            NavigationBar.backToHome(title, page).html(page)
            HTML.main(.class("content devices")) {
                for section in sections { if let banner = section.banner(page, query) { banner } }
                if let renaming = screen.renaming { renameForm(renaming, page) }
                HTML.section(.class("list-section"), .attr("aria-labelledby", "devices-this-title")) {
                    HTML.h2(.class("list-section__header"), .id("devices-this-title")) { page.t("devices.thisBrowser") }
                    HTML.ul(.class("cells"), .attr("data-devices", "this")) {
                        HTML.li(.class("cell devices__browser"), .attr("data-session", "this")) {
                            let name = screen.this.map { Self.displayName($0, page) } ?? Self.name(screen.currentName, page)
                            HTML.span(.class("devices__text")) {
                                HTML.span(.class("devices__name")) { name }
                                if let this = screen.this { linked(this, page) }
                            }
                            HTML.span(.class("devices__buttons")) { renameButton("this", name: name, page) }
                        }
                        HTML.li(.class("cell cell--button")) {
                            HTML.a(.class("cell__button cell__button--destructive"), .href(DevicesRoutes.path + "?remove=this"),
                                   .attr("data-remove", "this")) { page.t("devices.forget") }
                        }
                    }
                }
                HTML.section(.class("list-section"), .attr("aria-labelledby", "devices-others-title")) {
                    HTML.h2(.class("list-section__header"), .id("devices-others-title")) { page.t("devices.others") }
                    if screen.others.isEmpty {
                        HTML.div(.class("list-section__body prose devices__none")) { HTML.p { page.t("devices.none") } }
                    } else {
                        HTML.ul(.class("cells"), .attr("data-devices", "others")) {
                            for session in screen.others { other(session, page) }
                        }
                    }
                }
                if !screen.removals.isEmpty {
                    HTML.section(.class("list-section"), .attr("aria-labelledby", "devices-removals-title")) {
                        HTML.h2(.class("list-section__header"), .id("devices-removals-title")) { page.t("devices.removals.title") }
                        HTML.ul(.class("cells"), .attr("data-devices", "removals")) {
                            for removal in screen.removals { removed(removal, page) }
                        }
                    }
                }
                HTML.form(.class("list-section devices__link"), .attr("method", "post"), .attr("action", DevicesRoutes.makeLinkPath),
                          .attr("aria-labelledby", "devices-link-title")) {
                    CSRFInput.html(page)
                    HTML.h2(.class("list-section__header"), .id("devices-link-title")) { page.t("devices.link.title") }
                    HTML.ul(.class("cells")) {
                        HTML.li(.class("cell cell--button")) {
                            HTML.button(.class("cell__button"), .type("submit"), .name("make"), .value("1")) { page.t("devices.link.make") }
                        }
                        HTML.li(.class("cell cell--button")) {
                            HTML.a(.class("cell__button"), .href(DevicesRoutes.linkPath)) { page.t("devices.link.enter") }
                        }
                    }
                    HTML.p(.class("list-section__footer")) { page.t("devices.link.footer") }
                    HTML.p(.class("list-section__footer")) { page.t("devices.install") }
                }
                HTML.section(.class("list-section"), .attr("aria-labelledby", "devices-github-title")) {
                    HTML.h2(.class("list-section__header"), .id("devices-github-title")) { page.t("devices.github.title") }
                    HTML.div(.class("list-section__body prose")) { HTML.p { page.t("devices.github.message") } }
                }
                for section in sections { section.html(page, query) }
            }
            sheet(page)
        }
    }

    private func other(_ session: BrowserSession, _ page: PageContext) -> HTML {
        let name = Self.displayName(session, page)
        return .li(.class("cell devices__browser"), .attr("data-session", session.id.rawValue)) {
            HTML.span(.class("devices__text")) {
                HTML.span(.class("devices__name")) { name }
                linked(session, page)
                HTML.span(.class("devices__seen")) {
                    HTML.time(.attr("datetime", Self.isoDay(session.lastSeenAt, in: screen.timeZone))) {
                        page.t("devices.lastSeen").replacingOccurrences(of: "{day}", with: Self.day(session.lastSeenAt, page, in: screen.timeZone))
                    }
                }
            }
            HTML.span(.class("devices__buttons")) {
                renameButton(session.id.rawValue, name: name, page)
                HTML.a(.class("button button--small devices__remove"), .href(DevicesRoutes.path + "?remove=" + session.id.rawValue),
                       .attr("data-remove", session.id.rawValue),
                       .ariaLabel(page.t("devices.removeNamed").replacingOccurrences(of: "{name}", with: name))) {
                    page.t("devices.remove")
                }
            }
        }
    }

    /// "Linked Dec 2, 2026": when the browser began showing this data (issue 50).
    private func linked(_ session: BrowserSession, _ page: PageContext) -> HTML {
        .span(.class("devices__seen devices__linked")) {
            HTML.time(.attr("datetime", Self.isoDay(session.createdAt, in: screen.timeZone))) {
                page.t("devices.linked").replacingOccurrences(of: "{day}", with: Self.day(session.createdAt, page, in: screen.timeZone))
            }
        }
    }

    /// Rename, which opens the browser's name field at the top of the screen (a plain link).
    private func renameButton(_ key: String, name: String, _ page: PageContext) -> HTML {
        .a(.class("button button--small devices__rename"), .href(DevicesRoutes.path + "?rename=" + key), .attr("data-rename", key),
           .ariaLabel(page.t("devices.rename.actionNamed").replacingOccurrences(of: "{name}", with: name))) {
            page.t("devices.rename.action")
        }
    }

    /// The name field (issue 50): what was typed, why it was refused, and the User-Agent's name
    /// an empty field gives back.
    private func renameForm(_ renaming: DevicesScreen.Renaming, _ page: PageContext) -> HTML {
        let fallback = renaming.session.map { Self.name(BrowserName(stored: $0.name), page) } ?? Self.name(screen.currentName, page)
        let described = renaming.error == nil ? "devices-rename-help" : "devices-rename-error devices-rename-help"
        return .form(.class("list-section devices__rename-form"), .attr("method", "post"), .attr("action", DevicesRoutes.renamePath(renaming.key)),
                     .attr("novalidate", "")) {
            CSRFInput.html(page)
            HTML.label(.class("list-section__header"), .attr("for", "devices-rename-field")) { page.t("devices.rename.label") }
            HTML.div(.class(renaming.error == nil ? "list-section__body form-cells" : "list-section__body form-cells has-error")) {
                HTML.div(.class(renaming.error == nil ? "form-cell" : "form-cell has-error")) {
                    HTML.input(
                        .class("form-cell__input devices__rename-input"), .id("devices-rename-field"), .name("name"), .type("text"),
                        .value(renaming.typed), .attr("placeholder", fallback), .attr("autocomplete", "off"), .attr("autofocus", ""),
                        .attr("aria-describedby", described), .attr("aria-invalid", "true", when: renaming.error != nil))
                }
                if let error = renaming.error {
                    HTML.p(.class("form-cell__error"), .id("devices-rename-error"), .attr("role", "alert")) { error }
                }
            }
            HTML.p(.class("list-section__footer"), .id("devices-rename-help")) {
                page.t("devices.rename.help").replacingOccurrences(of: "{default}", with: fallback)
            }
            HTML.div(.class("devices__actions")) {
                HTML.button(.class("button button--filled"), .type("submit")) { page.t("devices.rename.save") }
                HTML.a(.class("button"), .href(DevicesRoutes.path)) { page.t("shell.action.cancel") }
            }
        }
    }

    /// "Safari on iPhone", "Removed by Chrome on Linux on Dec 2, 2026".
    private func removed(_ removal: BrowserRemoval, _ page: PageContext) -> HTML {
        let when = removal.removed.removedAt ?? removal.removed.lastSeenAt
        let day = Self.day(when, page, in: screen.timeZone)
        let line = if removal.removedItself {
            page.t("devices.removals.itself")
        } else if let remover = removal.removerName {
            page.t("devices.removals.byOther").replacingOccurrences(of: "{remover}", with: Self.name(BrowserName(stored: remover), page))
        } else {
            page.t("devices.removals.byUnknown")
        }
        return .li(.class("cell devices__browser devices__removed"), .attr("data-removed", removal.removed.id.rawValue)) {
            HTML.span(.class("devices__text")) {
                HTML.span(.class("devices__name")) { Self.displayName(removal.removed, page) }
                HTML.span(.class("devices__seen")) {
                    HTML.time(.attr("datetime", Self.isoDay(when, in: screen.timeZone))) { line.replacingOccurrences(of: "{day}", with: day) }
                }
            }
        }
    }

    private func sheet(_ page: PageContext) -> HTML {
        let cancel = Link(href: DevicesRoutes.path, label: page.t("shell.action.cancel"))
        switch screen.removing {
        case .this:
            return ActionSheet(
                title: page.t("devices.forgetTitle"), message: page.t("devices.forgetMessage"),
                destructiveLabel: page.t("devices.forget"), action: DevicesRoutes.path + "/this/remove", cancel: cancel
            ).html(page)
        case .other(let session):
            let name = Self.displayName(session, page)
            return ActionSheet(
                title: page.t("devices.removeTitle").replacingOccurrences(of: "{name}", with: name),
                message: page.t("devices.removeMessage"),
                destructiveLabel: page.t("devices.remove"), action: DevicesRoutes.removePath(session.id), cancel: cancel
            ).html(page)
        case nil:
            return .fragment {}
        }
    }

    /// The name a person gave the browser, else its User-Agent's in the page's words (issue 50).
    static func displayName(_ session: BrowserSession, _ page: PageContext) -> String {
        session.givenName ?? name(BrowserName(stored: session.name), page)
    }

    /// "Chrome on Android" in the page's words.
    static func name(_ name: BrowserName, _ page: PageContext) -> String {
        switch (name.browser, name.system) {
        case let (browser?, system?): page.t("devices.browserOn").replacingOccurrences(of: "{browser}", with: browser)
            .replacingOccurrences(of: "{system}", with: system)
        case let (browser?, nil): browser
        case let (nil, system?): page.t("devices.unknownOn").replacingOccurrences(of: "{system}", with: system)
        case (nil, nil): page.t("devices.unknown")
        }
    }

    static func day(_ date: Date, _ page: PageContext, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: page.language.rawValue)
        formatter.timeZone = zone
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    static func isoDay(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
