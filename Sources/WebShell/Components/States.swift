/// What a list shows when it has nothing: a title, a message and, optionally, the way out.
public struct EmptyState: Sendable {
    public let title: String
    public let message: String
    public let action: Link?

    public init(title: String, message: String, action: Link? = nil) {
        self.title = title
        self.message = message
        self.action = action
    }

    public var html: HTML {
        .section(.class("empty-state")) {
            HTML.h2(.class("empty-state__title")) { title }
            HTML.p(.class("empty-state__message")) { message }
            if let action {
                HTML.a(.class("button button--filled"), .href(action.href)) { action.label }
            }
        }
    }
}

/// A failure in place of a screen: the code, what happened, and Retry or Home.
public struct ErrorState: Sendable {
    public let code: Int?
    public let title: String
    public let message: String
    public let retryHref: String?
    public let homeHref: String?

    public init(code: Int?, title: String, message: String, retryHref: String?, homeHref: String?) {
        self.code = code
        self.title = title
        self.message = message
        self.retryHref = retryHref
        self.homeHref = homeHref
    }

    public func html(_ page: PageContext) -> HTML {
        .section(.class("error-state"), .attr("role", "alert")) {
            if let code {
                HTML.span(.class("error-state__code")) { String(code) }
            }
            HTML.h2(.class("error-state__title")) { title }
            HTML.p(.class("error-state__message")) { message }
            HTML.div(.class("error-state__actions")) {
                if let retryHref {
                    HTML.a(.class("button button--filled"), .href(retryHref)) { page.t("shell.action.retry") }
                }
                if let homeHref {
                    HTML.a(.class("button"), .href(homeHref)) { page.t("shell.action.home") }
                }
            }
        }
    }
}

/// The spinning activity indicator, named for assistive technology.
public enum ActivityIndicator {
    public static func html(_ page: PageContext, large: Bool = false) -> HTML {
        .span(.class(large ? "activity-indicator activity-indicator--large" : "activity-indicator"),
              .attr("role", "progressbar"), .ariaLabel(page.t("shell.state.loading")))
    }
}

/// A link: where it goes and what it says.
public struct Link: Sendable {
    public let href: String
    public let label: String
    public init(href: String, label: String) {
        self.href = href
        self.label = label
    }
}
