import Devices
import Hummingbird
import QRCode

/// `POST /devices/link`'s answer (issue 36): the one-time code, in groups, and the link, both good
/// for 10 minutes and once. Issue 50: a Copy button (shown with a script, which copies through
/// `navigator.clipboard`; without one the code is selectable as a whole) and the minutes left,
/// which the script counts down from the same phrases.
struct LinkCodeView {
    let code: LinkCode
    let url: String
    /// Seconds until the code and link expire.
    let secondsLeft: Int

    /// "Expires in 9 minutes": whole minutes, rounded up, so the last seconds still say one.
    static func minutesLeft(_ seconds: Int) -> Int { max(0, (seconds + 59) / 60) }

    func page(_ page: PageContext) -> HTMLPage {
        let title = page.t("link.code.title")
        var document = Document(title: title)
        document.bodyClass = "screen devices-screen"
        return document.page(page) {
            NavigationBar(title: title, back: .init(href: DevicesRoutes.path, label: page.t("devices.title"))).html(page)
            HTML.main(.class("content devices")) {
                HTML.section(.class("list-section"), .attr("aria-labelledby", "link-code-label")) {
                    HTML.h2(.class("list-section__header"), .id("link-code-label")) { page.t("link.code.label") }
                    HTML.div(.class("list-section__body devices__code")) {
                        HTML.output(.class("link-code"), .name("link-code"), .attr("aria-labelledby", "link-code-label")) { code.grouped }
                        HTML.button(.class("button link-code__copy"), .type("button"), .attr("data-copy-code", code.grouped),
                                    .attr("data-copied", page.t("link.code.copied"))) { page.t("link.code.copy") }
                        HTML.span(.class("visually-hidden"), .attr("role", "status"), .attr("data-copy-status", "")) {}
                        expiry(page)
                    }
                    HTML.p(.class("list-section__footer")) { page.t("link.code.howTo") }
                }
                HTML.section(.class("list-section"), .attr("aria-labelledby", "link-url-label")) {
                    HTML.h2(.class("list-section__header"), .id("link-url-label")) { page.t("link.url.label") }
                    HTML.div(.class("list-section__body prose")) {
                        HTML.p { HTML.a(.class("devices__url"), .attr("rel", "link-device"), .href(url)) { url } }
                        if let qr = QRCode(url) { Self.picture(qr, name: page.t("link.url.qr")) }
                    }
                    HTML.p(.class("list-section__footer")) { page.t("link.url.footer") }
                }
            }
        }
    }

    /// The link as a QR code a phone's camera opens (issue 50), black on white in either appearance.
    static func picture(_ qr: QRCode, name: String) -> HTML {
        .element("svg", [
            .class("devices__qr"), .attr("viewBox", "0 0 \(qr.side) \(qr.side)"), .attr("role", "img"), .ariaLabel(name),
            .attr("shape-rendering", "crispEdges"),
        ], children: [.element("path", [.attr("d", qr.svgPath)], children: [], isVoid: false)])
    }

    /// The minutes left, with every plural form of the phrase for the script's count-down.
    private func expiry(_ page: PageContext) -> HTML {
        let key = "link.code.expires"
        let minutes = Self.minutesLeft(secondsLeft)
        let form = { (count: Int) in page.catalogue.plural(key, count: count, ["count": "{count}"]) }
        return .p(.class("link-code__expires"), .attr("data-expires-in", String(secondsLeft)),
                  .attr("data-one", form(1)), .attr("data-few", form(2)), .attr("data-many", form(5)), .attr("data-other", form(5)),
                  .attr("data-expired", page.t("link.code.expired"))) {
            minutes > 0 ? page.catalogue.plural(key, count: minutes) : page.t("link.code.expired")
        }
    }
}

/// `GET /link`: the field a person types the code into, and why the last one did not work.
struct LinkFormView {
    let typed: String
    let error: String?

    func page(_ page: PageContext, status: HTTPResponse.Status = .ok) -> HTMLPage {
        let title = page.t("link.form.title")
        var document = Document(title: title)
        document.bodyClass = "screen devices-screen"
        return document.page(page, status: status) {
            NavigationBar.backToHome(title, page).html(page)
            HTML.main(.class("content devices")) {
                HTML.form(.class("list-section"), .attr("method", "post"), .attr("action", DevicesRoutes.linkPath), .attr("novalidate", "")) {
                    CSRFInput.html(page)
                    HTML.label(.class("list-section__header"), .attr("for", "link-code-field")) { page.t("link.form.label") }
                    HTML.div(.class(error == nil ? "list-section__body form-cells" : "list-section__body form-cells has-error")) {
                        HTML.div(.class(error == nil ? "form-cell" : "form-cell has-error")) {
                            HTML.input(
                                .class("form-cell__input devices__code-input"), .id("link-code-field"), .name("code"), .type("text"), .value(typed),
                                .attr("autocomplete", "off"), .attr("autocapitalize", "characters"), .attr("spellcheck", "false"),
                                .attr("placeholder", "K7F2-9QXM-4HJD"), .attr("maxlength", "32"), .attr("aria-describedby", "link-code-help"),
                                .attr("aria-invalid", "true", when: error != nil))
                        }
                        if let error {
                            HTML.p(.class("form-cell__error"), .id("link-code-error"), .attr("role", "alert")) { error }
                        }
                    }
                    HTML.p(.class("list-section__footer"), .id("link-code-help")) { page.t("link.form.help") }
                    HTML.div(.class("devices__actions")) {
                        HTML.button(.class("button button--filled"), .type("submit")) { page.t("link.form.next") }
                    }
                }
            }
        }
    }
}

/// The question before linking: this browser will show the code's data; when it keeps data of its
/// own, that it is not merged and how to keep it (issue 50: said only when there is some).
struct LinkConfirmView {
    let secret: LinkSecret
    /// The code is this browser's own owner's: linking changes nothing but the session.
    let alreadyLinked: Bool
    /// This browser's owner keeps data of its own (habits, cars, settings, a GitHub sign-in).
    let hasData: Bool

    func page(_ page: PageContext) -> HTMLPage {
        let title = page.t("link.confirm.title")
        var document = Document(title: title)
        document.bodyClass = "screen devices-screen"
        return document.page(page) {
            NavigationBar.backToHome(title, page).html(page)
            HTML.main(.class("content devices")) {
                HTML.form(.class("list-section devices__confirm"), .attr("method", "post"), .attr("action", DevicesRoutes.linkPath)) {
                    CSRFInput.html(page)
                    switch secret {
                    case .code(let code): HTML.input(.type("hidden"), .name("code"), .value(code.characters))
                    case .token(let token): HTML.input(.type("hidden"), .name("token"), .value(token.rawValue))
                    }
                    HTML.input(.type("hidden"), .name("confirm"), .value("1"))
                    HTML.div(.class("list-section__body prose")) {
                        HTML.p { page.t(alreadyLinked ? "link.confirm.already" : "link.confirm.message") }
                        if !alreadyLinked && hasData {
                            HTML.p(.attr("data-own-data", "")) { page.t("link.confirm.ownData") }
                            HTML.p { page.t("link.confirm.notMerged") }
                        }
                    }
                    HTML.div(.class("devices__actions")) {
                        HTML.button(.class("button button--filled"), .type("submit"), .attr("data-confirm-link", "")) { page.t("link.confirm.button") }
                        HTML.a(.class("button"), .href("/")) { page.t("shell.action.cancel") }
                    }
                }
            }
        }
    }
}
