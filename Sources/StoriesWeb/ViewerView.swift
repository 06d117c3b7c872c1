import Stories
import WebShell

/// The image viewer (SG-5): the image alone on black, centred at its aspect ratio, and a Close
/// button back to the gallery. Without a script it is a plain page; the script adds what the
/// document asks: a single tap hides and shows Close, and pinch, double tap, the wheel and the
/// keyboard zoom between 1x and 3x, keeping the image centred when the screen turns.
struct ViewerView {
    let gallery: Gallery
    /// Counts from 1.
    let number: Int

    func page(_ page: PageContext) -> HTMLPage {
        let language = page.language.rawValue
        let title = page.catalogue.text("stories.viewer.title", [
            "title": gallery.title.text(for: language), "number": String(number), "count": String(gallery.images.count),
        ])
        let image = gallery.images[number - 1]
        var document = Document(title: title)
        document.bodyClass = "stories-viewer-page"
        document.head = [HTML.stylesheet(page, "css/stories.css"), HTML.moduleScript(page, "js/stories.js")]
        document.expectedBytes = 8 * 1024
        return document.page(page) {
            HTML.main(.class("viewer"), .ariaLabel(title), .attr("data-min-scale", "1"), .attr("data-max-scale", "3")) {
                HTML.h1(.class("visually-hidden")) { title }
                HTML.div(.class("viewer__stage")) {
                    ResponsiveImage(image: image, sizes: "100vw", className: "viewer__image", alt: title, isEager: true).html(page)
                }
                HTML.a(.class("viewer__close"), .href(StoriesPath.item.link(gallery.id))) { page.t("stories.viewer.close") }
                HTML.p(.class("viewer__hint")) { page.t("stories.viewer.hint") }
            }
        }
    }
}
