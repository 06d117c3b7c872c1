/// The iOS navigation bar: a back link on the leading side, the title, an action on the trailing side.
public struct NavigationBar: Sendable {
    public struct Back: Sendable {
        public let href: String
        public let label: String
        public init(href: String, label: String) {
            self.href = href
            self.label = label
        }
    }

    public struct Action: Sendable {
        public let href: String
        public let label: String
        /// Drawn as a plus sign, with `label` as its accessible name.
        public let isPlus: Bool
        public init(href: String, label: String, isPlus: Bool = false) {
            self.href = href
            self.label = label
            self.isPlus = isPlus
        }
    }

    public let title: String
    public let back: Back?
    public let action: Action?

    public init(title: String, back: Back?, action: Action? = nil) {
        self.title = title
        self.back = back
        self.action = action
    }

    /// A screen one level below the home screen: its back link says "AppDeck" and goes home.
    public static func backToHome(_ title: String, _ page: PageContext, action: Action? = nil) -> NavigationBar {
        NavigationBar(title: title, back: Back(href: "/", label: page.t("shell.app.shortName")), action: action)
    }

    /// The bar. The back item carries all three of UIKit's forms (the previous title, "Back", the
    /// chevron alone); `data-back-form` says which one shows. The server says "Back", the form that
    /// needs no measuring; `js/navigation-bar.js` then picks the longest form that leaves the title
    /// whole and centred. Every form has the previous title in its accessible name.
    public func html(_ page: PageContext) -> HTML {
        .header(.class("nav-bar"), .attr("data-back-form", back == nil ? nil : "generic")) {
            HTML.div(.class("nav-bar__leading")) {
                if let back {
                    HTML.a(.class("nav-bar__back"), .href(back.href),
                           .ariaLabel(page.catalogue.text("shell.navigation.backTo", ["title": back.label]))) {
                        HTML.span(.class("nav-bar__chevron"), .attr("aria-hidden", "true"))
                        HTML.span(.class("nav-bar__back-label")) { back.label }
                        HTML.span(.class("nav-bar__back-generic")) { page.t("shell.navigation.back") }
                    }
                }
            }
            HTML.h1(.class("nav-bar__title")) { title }
            HTML.div(.class("nav-bar__trailing")) {
                if let action {
                    HTML.a(.class("nav-bar__action"), .href(action.href), .ariaLabel(action.label)) {
                        if action.isPlus {
                            HTML.span(.class("icon-plus"), .attr("aria-hidden", "true"))
                        } else {
                            action.label
                        }
                    }
                }
            }
        }
    }
}
