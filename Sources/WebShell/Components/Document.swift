import Hummingbird

/// The frame of every page: head, the app's body content, and the shared alert. Views fill in
/// what differs per screen; everything else is the shell's.
public struct Document: Sendable {
    public static let defaultViewport = "width=device-width, initial-scale=1, viewport-fit=cover"

    public var title: String
    public var bodyClass = "screen"
    public var viewport = Document.defaultViewport
    /// The name under the icon when added to a home screen; nil: AppDeck's short name.
    public var appTitle: String?
    public var manifestPath = Document.appDeckManifestPath
    /// Asset path of the touch icon; nil: AppDeck's.
    public var touchIcon: String?
    /// The app's own stylesheet (`css/habits.css`), if it has one: the page links the shell's and
    /// the app's as one file (`AssetCatalog`'s `css/app+habits.css`), so its first paint waits for
    /// one stylesheet, not two (issue 47).
    public var stylesheet: String?
    /// The app's module scripts (`js/habits.js`), after the shell's.
    public var scripts: [String] = []
    /// Other links of the app (a stylesheet of its colours), after the shell's.
    public var head: [HTML] = []
    /// About how many bytes the page will be: its buffer starts that large, so a long list is not
    /// copied each time the buffer doubles (a 500-photo page is 236 KB).
    public var expectedBytes = 64 * 1024
    /// Whether the page shows times or days in the device's zone: drawn before the device has
    /// reported its zone (in the server's), it is drawn again once the shell's script has.
    public var showsTimes = false

    public init(title: String) {
        self.title = title
    }

    /// Where the app this page installs as on its own lives (`/habits`); nil when it installs as AppDeck.
    var installScope: String? {
        let suffix = "/manifest.webmanifest"
        guard manifestPath != Document.appDeckManifestPath, manifestPath.hasSuffix(suffix) else { return nil }
        return String(manifestPath.dropLast(suffix.count))
    }

    static let appDeckManifestPath = "/manifest.webmanifest"

    /// The shell's scripts besides `js/app.js`, in the order they load.
    static let shellScriptsAfterAppJS = ["js/navigation-bar.js", "js/transitions.js"]

    /// The page: this frame around `content`.
    public func page(_ page: PageContext, status: HTTPResponse.Status = .ok, @HTMLBuilder content: () -> HTML) -> HTMLPage {
        var root: [Attribute] = [.attr("lang", page.language.rawValue), .attr("data-time-zone", page.reportedTimeZone ?? "")]
        if showsTimes { root.append(.attr("data-shows-times", "")) }
        if let scope = installScope { root.append(.attr("data-installs-as", scope)) }
        let document = HTML.element("html", root, children: [
            .head {
                HTML.meta(.attr("charset", "utf-8"))
                HTML.meta(.name("viewport"), .attr("content", viewport))
                HTML.trusted("""
                    <meta name="theme-color" content="#f2f2f7"><meta name="color-scheme" content="light">\
                    <meta name="mobile-web-app-capable" content="yes"><meta name="apple-mobile-web-app-capable" content="yes">\
                    <meta name="apple-mobile-web-app-status-bar-style" content="default">
                    """)
                HTML.meta(.name("apple-mobile-web-app-title"), .attr("content", appTitle ?? page.t("shell.app.shortName")))
                HTML.meta(.name("description"), .attr("content", page.t("shell.app.description")))
                HTML.title { title }
                HTML.link(.attr("rel", "manifest"), .href(manifestPath))
                HTML.link(.attr("rel", "icon"), .href(page.asset("icons/appdeck.svg")), .type("image/svg+xml"))
                HTML.link(.attr("rel", "apple-touch-icon"), .href(page.asset(touchIcon ?? "icons/appdeck-192.png")))
                HTML.stylesheet(page, stylesheet.map(AssetCatalog.withShellStylesheet) ?? AssetCatalog.shellStylesheet)
                if page.arrivesFromSameOrigin {
                    HTML.moduleScript(page, "js/app.js")
                    // Both decide how a screen arriving from another one looks in its first frame
                    // (the back item's form, the transition's direction), so such a page waits for
                    // them; they are small and cached.
                    HTML.renderBlockingModuleScript(page, "js/navigation-bar.js")
                    HTML.renderBlockingModuleScript(page, "js/transitions.js")
                    for script in scripts { HTML.moduleScript(page, script) }
                } else {
                    // A first screen (typed, launched, linked from elsewhere) arrives by no
                    // transition. On a slow network every file fetched beside its stylesheet
                    // delays its first paint, so it loads the shell's script only, which imports
                    // the rest once the stylesheet is in (a module runs only then; issue 47). Its
                    // back item is the server's "Back" until the script has measured.
                    let afterPaint = (Self.shellScriptsAfterAppJS + scripts).map(page.asset).joined(separator: " ")
                    HTML.script(.type("module"), .attr("src", page.asset("js/app.js")), .attr("data-after-paint", afterPaint))
                }
                head
            },
            .body(.class(bodyClass)) {
                OfflineBar.html(page)
                content()
                Alert.shared(page)
            },
        ])
        let body = PageBuffers.page(expectedBytes: expectedBytes) { writer in
            writer.write("<!doctype html>\n")
            document.render(into: &writer)
        }
        return HTMLPage(status: status, body: body)
    }
}

extension HTML {
    /// `<link rel="stylesheet">` to a bundled stylesheet (`css/habits.css`).
    public static func stylesheet(_ page: PageContext, _ asset: String) -> HTML {
        .link(.attr("rel", "stylesheet"), .href(page.asset(asset)))
    }

    /// `<script type="module">` of a bundled script (`js/habits.js`).
    static func moduleScript(_ page: PageContext, _ asset: String) -> HTML {
        return .script(.type("module"), .attr("src", page.asset(asset)))
    }

    /// A module script the first paint waits for (`blocking="render"`): one that must run before
    /// the page is shown, such as a `pagereveal` listener.
    static func renderBlockingModuleScript(_ page: PageContext, _ asset: String) -> HTML {
        .script(.type("module"), .attr("src", page.asset(asset)), .attr("blocking", "render"))
    }
}
