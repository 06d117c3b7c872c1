import Stories
import WebShell

/// The Items tab (SG-2): every story and gallery in two columns, whatever the size and
/// orientation; each cell its cover at its own aspect ratio, the title and the type.
struct ItemsView {
    let items: [StoryItem]
    let stylesheet: DrawingStylesheet

    func page(_ page: PageContext) -> HTMLPage {
        let title = page.t("stories.title")
        let language = page.language.rawValue
        var document = StoriesFrame.document(title: title, page, stylesheet: stylesheet, bodyClass: "screen screen--tabbed stories-app")
        document.expectedBytes = 8 * 1024 + items.count * 1024
        return document.page(page) {
            NavigationBar.appRoot(title, page, shortTitle: page.t("stories.titleShort")).html(page)
            HTML.main(.class("content stories-items")) {
                HTML.ul(.class("story-grid"), .ariaLabel(page.t("stories.items.label"))) {
                    for (index, item) in items.enumerated() {
                        HTML.li(.class("story-cell"), .attr("data-item-id", item.id), .attr("data-kind", item.kind.rawValue)) {
                            HTML.a(.class("story-cell__link"), .href(StoriesPath.item.link(item.id))) {
                                HTML.span(.class("story-cell__frame")) {
                                    ResponsiveImage(image: item.cover, sizes: "50vw", className: "story-cell__cover",
                                                    alt: "", isEager: index < 4).html(page)
                                }
                                HTML.span(.class("story-cell__caption")) {
                                    HTML.span(.class("story-cell__title")) { item.title.text(for: language) }
                                    HTML.span(.class("story-cell__type")) { item.type.text(for: language) }
                                }
                            }
                        }
                    }
                }
            }
            StoriesFrame.tabBar(selected: .items, page)
        }
    }
}
