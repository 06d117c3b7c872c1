/// An alert that only informs, drawn by the server (no script): a title, a message and one
/// button that dismisses it, over a backdrop that keeps what it covers from being tapped.
public struct Notice: Sendable {
    public let title: String
    public let message: String
    public let dismiss: Link

    public init(title: String, message: String, dismiss: Link) {
        self.title = title
        self.message = message
        self.dismiss = dismiss
    }

    public func html() -> HTML {
        .fragment {
            HTML.a(.class("alert-backdrop"), .href(dismiss.href), .attr("tabindex", "-1"), .attr("aria-hidden", "true"))
            HTML.div(.class("alert alert--static"), .attr("role", "alertdialog"), .attr("aria-modal", "true"),
                     .attr("aria-labelledby", "static-alert-title"), .attr("aria-describedby", "static-alert-message")) {
                HTML.div(.class("alert__box")) {
                    HTML.h2(.class("alert__title"), .id("static-alert-title")) { title }
                    HTML.p(.class("alert__message"), .id("static-alert-message")) { message }
                    HTML.div(.class("alert__actions")) {
                        HTML.a(.class("alert__button"), .href(dismiss.href)) { dismiss.label }
                    }
                }
            }
        }
    }
}
