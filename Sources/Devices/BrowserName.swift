/// What a User-Agent says a browser is, for the Devices screen ("Chrome on Android", "Safari on
/// iPhone", "Firefox on Windows"; issue 36). Only product and system names, which no language
/// translates; the page joins them in its own words. A pure reading of the header: no version,
/// nothing that would tell two browsers of one person apart beyond what they show themselves.
public struct BrowserName: Sendable, Hashable, CustomStringConvertible {
    /// "Chrome", "Safari", "Firefox", "Edge", "Opera", "Samsung Internet"; nil when unknown.
    public let browser: String?
    /// "Android", "iPhone", "iPad", "Windows", "macOS", "Linux", "ChromeOS"; nil when unknown.
    public let system: String?

    public init(browser: String?, system: String?) {
        self.browser = browser
        self.system = system
    }

    /// Reads a User-Agent header; one longer than 1,024 characters is read only that far.
    public init(userAgent: String?) {
        let agent = String((userAgent ?? "").prefix(1024))
        browser = Self.browser(in: agent)
        system = Self.system(in: agent)
    }

    /// Order matters: Edge, Opera and Samsung Internet also say "Chrome" and "Safari"; Chrome says
    /// "Safari"; Chrome and Firefox on iOS say "CriOS" and "FxiOS".
    static let browsers: [(marker: String, name: String)] = [
        ("EdgA/", "Edge"), ("EdgiOS/", "Edge"), ("Edg/", "Edge"), ("Edge/", "Edge"),
        ("OPR/", "Opera"), ("OPiOS/", "Opera"), ("Opera", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"),
        ("HeadlessChrome/", "Chrome"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Chromium/", "Chrome"),
        ("Safari/", "Safari"),
    ]

    /// iPhone and iPad before Mac (their agents say "like Mac OS X"), Android before Linux.
    static let systems: [(marker: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPod", "iPhone"), ("iPad", "iPad"),
        ("Android", "Android"), ("CrOS", "ChromeOS"),
        ("Windows", "Windows"), ("Macintosh", "macOS"), ("Mac OS X", "macOS"),
        ("Linux", "Linux"), ("X11", "Linux"),
    ]

    private static func browser(in agent: String) -> String? {
        browsers.first { agent.contains($0.marker) }?.name
    }

    private static func system(in agent: String) -> String? {
        systems.first { agent.contains($0.marker) }?.name
    }

    /// The form a store keeps: `browser/system`, either part possibly empty.
    public var stored: String { (browser ?? "") + "/" + (system ?? "") }

    /// Reads `stored`'s form back; any other text is an unknown browser on an unknown system.
    public init(stored: String) {
        let parts = stored.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let known = Set(Self.browsers.map(\.name)), systems = Set(Self.systems.map(\.name))
        browser = parts.first.map(String.init).flatMap { known.contains($0) ? $0 : nil }
        system = parts.count == 2 ? systems.contains(String(parts[1])) ? String(parts[1]) : nil : nil
    }

    /// English, for logs and tests: "Chrome on Android", "Chrome", "A browser on iPhone", "A browser".
    public var description: String {
        switch (browser, system) {
        case let (browser?, system?): "\(browser) on \(system)"
        case let (browser?, nil): browser
        case let (nil, system?): "A browser on \(system)"
        case (nil, nil): "A browser"
        }
    }
}
