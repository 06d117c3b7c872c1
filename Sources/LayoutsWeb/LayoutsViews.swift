import Hummingbird
import Layouts
import WebShell

/// The frame every Layouts tab shares: the navigation bar back to AppDeck and the tab bar.
enum LayoutsFrame {
    static func document(_ tab: LayoutsTab, _ page: PageContext, bodyClass: String = "screen screen--tabbed screen--layouts") -> Document {
        var document = Document(title: "\(title(tab, page)) – \(page.t("layouts.title"))")
        document.bodyClass = bodyClass
        document.stylesheet = "css/layouts.css"
        return document
    }

    static func title(_ tab: LayoutsTab, _ page: PageContext) -> String {
        page.t("layouts.\(tab.rawValue).title")
    }

    static func tabBar(_ selected: LayoutsTab, _ page: PageContext) -> HTML {
        TabBar(label: page.t("layouts.tabs.label"), items: LayoutsTab.allCases.map { tab in
            .init(href: tab.route.path, icon: "icons/tab-layouts-\(tab.rawValue).svg", label: page.t("layouts.tabs.\(tab.rawValue)"), isSelected: tab == selected)
        }).html(page)
    }
}

enum LayoutsViews {
    /// LAY-1: three labels, a circle and a rounded button, an image with a spinner at its centre.
    static func elements(_ page: PageContext) -> HTMLPage {
        LayoutsFrame.document(.elements, page).page(page) {
            NavigationBar.appRoot(LayoutsFrame.title(.elements, page), page).html(page)
            HTML.main(.class("lay-elements")) {
                HTML.div(.class("lay-elements__stack")) {
                    for number in 1...3 {
                        HTML.p(.class("lay-elements__label lay-elements__label--\(number)"), .id("label-\(number)")) { page.t("layouts.elements.label\(number)") }
                    }
                    HTML.div(.class("lay-elements__buttons")) {
                        HTML.button(.class("lay-button lay-button--circle"), .id("button-circle"), .type("button")) { page.t("layouts.elements.circle") }
                        HTML.button(.class("lay-button lay-button--rounded"), .id("button-rounded"), .type("button")) { page.t("layouts.elements.rounded") }
                    }
                }
                HTML.div(.class("lay-elements__figure")) {
                    HTML.img(.class("lay-elements__image"), .id("elements-image"), .attr("src", page.asset("images/layouts-lake-dusk.svg")),
                             .attr("alt", page.t("layouts.elements.imageAlt")), .attr("width", "400"), .attr("height", "300"))
                    HTML.span(.class("lay-spinner"), .id("elements-spinner"), .attr("role", "progressbar"), .ariaLabel(page.t("layouts.elements.loading"))) {
                        spinnerWheel
                    }
                }
            }
            LayoutsFrame.tabBar(.elements, page)
        }
    }

    /// LAY-2: one scrolling page of text under an image, arranged by orientation in CSS.
    static func reading(_ page: PageContext) -> HTMLPage {
        LayoutsFrame.document(.reading, page).page(page) {
            NavigationBar.backToHome(LayoutsFrame.title(.reading, page), page).html(page)
            HTML.main(.class("lay-reading")) {
                HTML.img(.class("lay-reading__image"), .id("reading-image"), .attr("src", page.asset("images/layouts-lake-evening.svg")),
                         .attr("alt", page.t("layouts.reading.imageAlt")), .attr("width", "800"), .attr("height", "450"))
                HTML.h2(.class("lay-reading__title"), .id("reading-title")) { page.t("layouts.reading.heading") }
                HTML.div(.class("lay-reading__text"), .id("reading-text")) {
                    for number in 1...10 {
                        HTML.p { page.t("layouts.reading.p\(number)") }
                    }
                }
            }
            LayoutsFrame.tabBar(.reading, page)
        }
    }

    /// UIActivityIndicatorView's twelve spokes, fading clockwise.
    static let spinnerWheel = HTML.trusted("""
        <svg class="lay-spinner__wheel" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false"><g stroke="#000" stroke-width="3.4" stroke-linecap="round">\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(0 20 20)" stroke-opacity="1.0"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-30 20 20)" stroke-opacity="0.925"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-60 20 20)" stroke-opacity="0.85"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-90 20 20)" stroke-opacity="0.775"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-120 20 20)" stroke-opacity="0.7"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-150 20 20)" stroke-opacity="0.625"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-180 20 20)" stroke-opacity="0.55"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-210 20 20)" stroke-opacity="0.475"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-240 20 20)" stroke-opacity="0.4"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-270 20 20)" stroke-opacity="0.325"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-300 20 20)" stroke-opacity="0.25"/>\
        <line x1="20" y1="3.5" x2="20" y2="11" transform="rotate(-330 20 20)" stroke-opacity="0.175"/>\
        </g></svg>
        """)
}

/// LAY-3: a pretend login whose Enter button rides above an on-screen keyboard; nothing is stored.
struct LoginView {
    let form: LoginForm
    let outcome: LoginForm.Outcome?

    func page(_ page: PageContext) -> HTMLPage {
        var document = LayoutsFrame.document(.login, page, bodyClass: "screen screen--tabbed screen--layouts screen--login")
        document.viewport = "\(Document.defaultViewport), interactive-widget=resizes-content"
        document.scripts.append("js/layouts.js")
        let missing = outcome?.missingFields ?? []
        let status: HTTPResponse.Status = missing.isEmpty ? .ok : .unprocessableContent
        return document.page(page, status: status) {
            NavigationBar.backToHome(LayoutsFrame.title(.login, page), page).html(page)
            HTML.main(.class("lay-login"), .id("login-area")) {
                HTML.form(.class("lay-login__form"), .attr("method", "post"), .attr("action", LayoutsPath.login.path), .flag("novalidate"),
                          .ariaLabel(page.t("layouts.login.formLabel"))) {
                    CSRFInput.html(page)
                    if let greeting = outcome?.greeting(in: page.catalogue) {
                        HTML.div(.class("lay-login__greeting"), .id("login-greeting"), .attr("role", "status")) {
                            HTML.p(.class("lay-login__hello")) { greeting }
                            HTML.p(.class("lay-login__note")) { page.t("layouts.login.greetingNote") }
                        }
                    }
                    HTML.div(.class("list-section lay-login__fields")) {
                        HTML.div(.class("list-section__body form-cells")) {
                            for field in LoginField.allCases {
                                self.field(field, error: missing.contains(field) ? field.missingMessage(in: page.catalogue) : nil, page)
                            }
                        }
                    }
                    HTML.button(.class("button button--filled lay-login__enter"), .id("login-enter"), .type("submit")) { page.t("layouts.login.enter") }
                }
            }
            LayoutsFrame.tabBar(.login, page)
        }
    }

    private func field(_ field: LoginField, error: String?, _ page: PageContext) -> HTML {
        let name = field.rawValue
        let placeholder = field.placeholder(in: page.catalogue)
        let hasError = error != nil
        // What was typed comes back, except the password, which is never echoed into a page.
        let value = field == .login && !form.login.isEmpty ? form.login : nil
        let kind: [Attribute] = field == .password
            ? [.type("password"), .attr("autocomplete", "current-password")]
            : [.type("text"), .attr("autocomplete", "username"), .attr("autocapitalize", "none"), .attr("spellcheck", "false")]
        let attributes: [Attribute] = [.class("form-cell__input lay-login__input"), .id("field-\(name)"), .name(name)] + kind + [
            .attr("placeholder", placeholder), .ariaLabel(placeholder), .value(value),
            .attr("aria-invalid", "true", when: hasError), .attr("aria-describedby", "error-\(name)", when: hasError),
        ]
        return .fragment {
            HTML.div(.class(hasError ? "form-cell has-error" : "form-cell")) {
                HTML.element("input", attributes, isVoid: true)
            }
            if let error {
                HTML.p(.class("form-cell__error"), .id("error-\(name)")) { error }
            }
        }
    }
}
