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

    public var html: HTML {
        .header(.class("nav-bar")) {
            HTML.div(.class("nav-bar__leading")) {
                if let back {
                    HTML.a(.class("nav-bar__back"), .href(back.href)) {
                        HTML.span(.class("nav-bar__chevron"), .attr("aria-hidden", "true"))
                        HTML.span(.class("nav-bar__back-label")) { back.label }
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
