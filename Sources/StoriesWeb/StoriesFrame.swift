import Stories
import WebShell

/// What every Stories & Gallery page shares: its stylesheets, its script and, on the two tabs,
/// the tab bar Items | Settings (SG-1).
enum StoriesFrame {
    enum Tab { case items, settings }

    static func document(title: String, _ page: PageContext, stylesheet: DrawingStylesheet, bodyClass: String) -> Document {
        var document = Document(title: title)
        document.bodyClass = bodyClass
        document.stylesheet = "css/stories.css"
        document.head = [.link(.attr("rel", "stylesheet"), .href(StoriesPath.drawingStylesheet(version: stylesheet.version)))]
        document.scripts = ["js/stories.js"]
        return document
    }

    static func tabBar(selected: Tab?, _ page: PageContext) -> HTML {
        TabBar(label: page.t("stories.tabs.label"), items: [
            .init(href: StoriesPath.items.path, icon: "icons/tab-items.svg", label: page.t("stories.tabs.items"), isSelected: selected == .items),
            .init(href: StoriesPath.settings.path, icon: "icons/tab-settings.svg", label: page.t("stories.tabs.settings"), isSelected: selected == .settings),
        ]).html(page)
    }
}

/// An image the app ships, at the widths it is stored in: the browser picks the file for the
/// size it draws (`sizes`), and the `width`/`height` attributes keep the aspect ratio before it
/// loads (SG-2, SG-4).
struct ResponsiveImage {
    let image: ImageAsset
    let sizes: String
    let className: String
    let alt: String
    var isEager = false

    func html(_ page: PageContext) -> HTML {
        // Without srcset a browser gets a screen's worth, not the zoom renditions (issue 37).
        let fallback = (image.widths.last { $0 <= 1280 } ?? image.widths.first).map { image.fileName(width: $0) } ?? image.name
        let srcset = image.widths.map { "\(page.asset("images/" + image.fileName(width: $0))) \($0)w" }.joined(separator: ", ")
        return .img(
            .class(className), .attr("src", page.asset("images/" + fallback)),
            .attr("srcset", srcset, when: !image.widths.isEmpty), .attr("sizes", sizes, when: !image.widths.isEmpty),
            .attr("width", String(image.size.width)), .attr("height", String(image.size.height)), .attr("alt", alt),
            .attr("loading", isEager ? "eager" : "lazy"), .attr("decoding", "async"))
    }
}
