/// A section the composition root adds to the Devices screen, below the browsers (issue 36: the
/// backup's "Export everything" and "Restore" go here), drawn in the page's language. Sections
/// show in the order given.
public struct DevicesSection: Sendable {
    public let html: @Sendable (PageContext) -> HTML

    public init(html: @escaping @Sendable (PageContext) -> HTML) {
        self.html = html
    }
}

extension DevicesSection {
    /// Where the Devices screen is (the home screen's settings link to it).
    public static let screenPath = "/devices"
    /// Where a form posts to make a one-time code and link (with `_csrf`).
    public static let linkPath = "/devices/link"
    /// Where a browser types a code.
    public static let enterCodePath = "/link"
}
