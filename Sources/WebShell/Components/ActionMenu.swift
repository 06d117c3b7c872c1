/// An iOS action sheet of places to go: a list's "…" menu (issue 48: Export, Import and Order
/// were underlined links under the list). Each item is a link, Cancel sits apart below, and the
/// backdrop leads back, so what it covers cannot be tapped. Works without JavaScript.
public struct ActionMenu: Sendable {
    public struct Item: Sendable {
        public let href: String
        public let label: String
        /// Saved as a file (an export) rather than opened.
        public let download: Bool
        /// A `rel` that names the item for scripts and tests (`import-habits`).
        public let rel: String?

        public init(href: String, label: String, download: Bool = false, rel: String? = nil) {
            self.href = href
            self.label = label
            self.download = download
            self.rel = rel
        }
    }

    public let title: String
    public let items: [Item]
    public let cancel: Link

    public init(title: String, items: [Item], cancel: Link) {
        self.title = title
        self.items = items
        self.cancel = cancel
    }

    public func html(_ page: PageContext) -> HTML {
        .fragment {
            HTML.a(.class("action-sheet-backdrop"), .href(cancel.href), .attr("tabindex", "-1"), .attr("aria-hidden", "true"))
            HTML.div(.class("action-sheet action-menu"), .attr("role", "dialog"), .attr("aria-modal", "true"),
                     .attr("aria-labelledby", "action-sheet-title")) {
                HTML.nav(.class("action-sheet__group"), .attr("aria-labelledby", "action-sheet-title")) {
                    HTML.div(.class("action-sheet__header")) {
                        HTML.h2(.class("action-sheet__title"), .id("action-sheet-title")) { title }
                    }
                    for item in items {
                        HTML.a(.class("action-sheet__button"), .href(item.href), .flag("download", when: item.download), .attr("rel", item.rel)) {
                            item.label
                        }
                    }
                }
                HTML.a(.class("action-sheet__button action-sheet__cancel"), .href(cancel.href), .attr("data-sheet-cancel", "")) { cancel.label }
            }
        }
    }
}
