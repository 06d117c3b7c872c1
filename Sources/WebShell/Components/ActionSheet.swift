/// The iOS action sheet drawn by the server: a question rising from the bottom edge with its
/// destructive action in red, and Cancel apart below it (on an iPad, centred). The destructive
/// action is a form post with the device's token; Cancel and a tap on the backdrop lead back.
/// Works the same with and without JavaScript.
public struct ActionSheet: Sendable {
    public let title: String
    public let message: String
    public let destructiveLabel: String
    /// Where the destructive action posts.
    public let action: String
    public let cancel: Link
    /// A round picture over the title, naming whom the question is about (issue 37: the
    /// account a sign-out leaves); `alt` is its text alternative.
    public let picture: (src: String, alt: String)?

    public init(title: String, message: String, destructiveLabel: String, action: String, cancel: Link,
                picture: (src: String, alt: String)? = nil) {
        self.title = title
        self.message = message
        self.destructiveLabel = destructiveLabel
        self.action = action
        self.cancel = cancel
        self.picture = picture
    }

    public func html(_ page: PageContext) -> HTML {
        .fragment {
            HTML.a(.class("action-sheet-backdrop"), .href(cancel.href), .attr("tabindex", "-1"), .attr("aria-hidden", "true"))
            HTML.div(.class("action-sheet"), .attr("role", "alertdialog"), .attr("aria-modal", "true"),
                     .attr("aria-labelledby", "action-sheet-title"), .attr("aria-describedby", "action-sheet-message")) {
                HTML.form(.class("action-sheet__group"), .attr("method", "post"), .attr("action", action)) {
                    CSRFInput.html(page)
                    HTML.div(.class("action-sheet__header")) {
                        if let picture {
                            HTML.img(.class("action-sheet__picture"), .attr("src", picture.src), .attr("alt", picture.alt),
                                     .attr("width", "44"), .attr("height", "44"))
                        }
                        HTML.h2(.class("action-sheet__title"), .id("action-sheet-title")) { title }
                        HTML.p(.class("action-sheet__message"), .id("action-sheet-message")) { message }
                    }
                    HTML.button(.class("action-sheet__button action-sheet__button--destructive"), .type("submit")) { destructiveLabel }
                }
                HTML.a(.class("action-sheet__button action-sheet__cancel"), .href(cancel.href), .attr("data-sheet-cancel", "")) { cancel.label }
            }
        }
    }
}
