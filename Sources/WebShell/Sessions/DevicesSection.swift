/// A section the composition root adds to the Devices screen, below the browsers (issue 36: the
/// backup's "Export everything" and "Restore" go here), drawn in the page's language from the
/// screen's query (a restore started here returns here and says what it did, issue 50). Sections
/// show in the order given.
public struct DevicesSection: Sendable {
    public let html: @Sendable (PageContext, _ query: (String) -> String?) -> HTML
    /// What the section says at the top of the screen, where a person looks after a page loads
    /// (a restore's result, issue 50); nil when it has nothing to say.
    public let banner: @Sendable (PageContext, _ query: (String) -> String?) -> HTML?

    public init(
        html: @escaping @Sendable (PageContext, _ query: (String) -> String?) -> HTML,
        banner: @escaping @Sendable (PageContext, _ query: (String) -> String?) -> HTML? = { _, _ in nil }
    ) {
        self.html = html
        self.banner = banner
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
