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
    /// The title's short form, shown where the whole title does not fit (Russian at 320 px).
    public var shortTitle: String?
    /// The iOS large title (`prefersLargeTitles`) of an app's first screen: drawn large under the
    /// bar and moving into it as the screen scrolls; the bar's own title shows once it has.
    public var largeTitle = false
    /// Whether the large title wraps onto more lines instead of ending in "…": a name the person
    /// gave (a habit's) is shown whole on its own screen.
    public var largeTitleWraps = false
    /// Whether the back item leads to AppDeck's home screen: an app installed on its own hides it.
    var backIsHome = false
    /// A "…" item before the action (issue 48: a list's menu), named by its label.
    public var moreAction: Action?

    public init(title: String, back: Back?, action: Action? = nil, shortTitle: String? = nil) {
        self.title = title
        self.back = back
        self.action = action
        self.shortTitle = shortTitle
    }

    /// A screen one level below the home screen: its back link says "AppDeck" and goes home
    /// (hidden in an app installed to the Home Screen on its own).
    public static func backToHome(_ title: String, _ page: PageContext, action: Action? = nil, shortTitle: String? = nil) -> NavigationBar {
        var bar = NavigationBar(title: title, back: Back(href: "/", label: page.t("shell.app.shortName")), action: action, shortTitle: shortTitle)
        bar.backIsHome = true
        return bar
    }

    /// An app's first screen: `backToHome` with the large title.
    public static func appRoot(_ title: String, _ page: PageContext, action: Action? = nil, shortTitle: String? = nil) -> NavigationBar {
        var bar = backToHome(title, page, action: action, shortTitle: shortTitle)
        bar.largeTitle = true
        return bar
    }

    /// The bar. The back item carries all three of UIKit's forms (the previous title, "Back", the
    /// chevron alone); `data-back-form` says which one shows. The server says "Back", the form that
    /// needs no measuring; `js/navigation-bar.js` then picks the longest form that leaves the title
    /// whole and centred. Every form has the previous title in its accessible name.
    public func html(_ page: PageContext) -> HTML {
        let forms = TitleForms(title, short: shortTitle)
        let header = HTML.header(.class(largeTitle ? "nav-bar nav-bar--large-title" : "nav-bar"), .attr("data-back-form", back == nil ? nil : "generic")) {
            HTML.div(.class("nav-bar__leading")) {
                if let back {
                    HTML.a(.class(backIsHome ? "nav-bar__back nav-bar__back--home" : "nav-bar__back"), .href(back.href),
                           .ariaLabel(page.catalogue.text("shell.navigation.backTo", ["title": back.label]))) {
                        HTML.span(.class("nav-bar__chevron"), .attr("aria-hidden", "true"))
                        HTML.span(.class("nav-bar__back-label")) { back.label }
                        HTML.span(.class("nav-bar__back-generic")) { page.t("shell.navigation.back") }
                    }
                }
            }
            // With a large title, that one is the screen's heading and the bar's is its picture.
            HTML.element(largeTitle ? "div" : "h1", forms.attributes(class: "nav-bar__title", hidden: largeTitle), children: [forms.content])
            HTML.div(.class("nav-bar__trailing")) {
                if let moreAction {
                    HTML.a(.class("nav-bar__action nav-bar__action--more"), .href(moreAction.href), .ariaLabel(moreAction.label)) {
                        Self.moreIcon
                    }
                }
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
        guard largeTitle else { return header }
        // In a region of its own, named by it: every piece of a page belongs to a landmark.
        return .fragment {
            header
            HTML.section(.class("large-title-region"), .attr("aria-labelledby", "large-title")) {
                HTML.element("h1", forms.attributes(class: largeTitleWraps ? "large-title large-title--wraps" : "large-title", id: "large-title"), children: [forms.content])
            }
        }
    }

    private static let moreIcon = HTML.trusted(
        #"<svg class="icon-more" viewBox="0 0 26 26" aria-hidden="true" focusable="false"><path d="M13 1.75a11.25 11.25 0 1 0 0 22.5a11.25 11.25 0 1 0 0-22.5zm0 1.5a9.75 9.75 0 1 1 0 19.5a9.75 9.75 0 1 1 0-19.5z"/><circle cx="8" cy="13" r="1.6"/><circle cx="13" cy="13" r="1.6"/><circle cx="18" cy="13" r="1.6"/></svg>"#)
}
