/// The iOS alert. `shared` is the one `<dialog>` every page carries for scripts to ask with
/// (`confirmInAlert` in app.js); `Alert` itself is one drawn by the server, open, over a backdrop
/// that keeps what it covers from being tapped: the same question without JavaScript.
public struct Alert: Sendable {
    public let title: String
    public let message: String
    public let cancel: Link
    /// The destructive action: a form post to `action` with these hidden fields and the token.
    public let confirmLabel: String
    public let action: String
    public let fields: [(name: String, value: String)]

    public init(title: String, message: String, cancel: Link, confirmLabel: String, action: String, fields: [(name: String, value: String)] = []) {
        self.title = title
        self.message = message
        self.cancel = cancel
        self.confirmLabel = confirmLabel
        self.action = action
        self.fields = fields
    }

    public func html(_ page: PageContext) -> HTML {
        Self.drawn(dismissHref: cancel.href, box: .form(.class("alert__box"), .attr("method", "post"), .attr("action", action)) {
            CSRFInput.html(page)
            for field in fields {
                HTML.input(.type("hidden"), .name(field.name), .value(field.value))
            }
            Self.texts(title: title, message: message)
            HTML.div(.class("alert__actions")) {
                HTML.a(.class("alert__button"), .href(cancel.href)) { cancel.label }
                HTML.button(.class("alert__button alert__button--destructive"), .type("submit")) { confirmLabel }
            }
        })
    }

    /// An alert the server draws: `box` over a backdrop that takes every tap and leads to `dismissHref`.
    static func drawn(dismissHref: String, box: HTML) -> HTML {
        .fragment {
            HTML.a(.class("alert-backdrop"), .href(dismissHref), .attr("tabindex", "-1"), .attr("aria-hidden", "true"))
            HTML.div(.class("alert alert--static"), .attr("role", "alertdialog"), .attr("aria-modal", "true"),
                     .attr("aria-labelledby", "static-alert-title"), .attr("aria-describedby", "static-alert-message")) {
                box
            }
        }
    }

    /// The title and message of a drawn alert, named for its `aria-labelledby`/`describedby`.
    static func texts(title: String, message: String) -> HTML {
        .fragment {
            HTML.h2(.class("alert__title"), .id("static-alert-title")) { title }
            HTML.p(.class("alert__message"), .id("static-alert-message")) { message }
        }
    }

    static func shared(_ page: PageContext) -> HTML {
        .inLanguageOnly("shared-alert", page.catalogue) { sharedDialog(page) }
    }

    private static func sharedDialog(_ page: PageContext) -> HTML {
        .dialog(.class("alert"), .id("alert"), .attr("aria-labelledby", "alert-title"), .attr("aria-describedby", "alert-message")) {
            HTML.form(.attr("method", "dialog"), .class("alert__box")) {
                HTML.h2(.class("alert__title"), .id("alert-title"))
                HTML.p(.class("alert__message"), .id("alert-message"))
                HTML.div(.class("alert__actions")) {
                    HTML.button(.class("alert__button"), .value("cancel"), .id("alert-cancel")) { page.t("shell.action.cancel") }
                    HTML.button(.class("alert__button alert__button--destructive"), .value("confirm"), .id("alert-confirm"))
                }
            }
        }
    }
}

/// The hidden field that carries the device's CSRF token in every form that posts.
public enum CSRFInput {
    public static func html(_ page: PageContext) -> HTML {
        .input(.type("hidden"), .name(CSRFField.name), .value(page.csrfToken))
    }
}
