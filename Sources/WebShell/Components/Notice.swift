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
        Alert.drawn(dismissHref: dismiss.href, box: .div(.class("alert__box")) {
            Alert.texts(title: title, message: message)
            HTML.div(.class("alert__actions")) {
                HTML.a(.class("alert__button"), .href(dismiss.href)) { dismiss.label }
            }
        })
    }
}
