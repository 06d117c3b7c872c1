import Foundation
import Stories
import WebShell

/// The image viewer (SG-5): the image alone on black, centred at its aspect ratio, under a bar
/// whose iOS "Done" leads back to the gallery (issue 37: not a text pill). Without a script it is
/// a plain page; the script adds what the document asks: a single tap hides and shows the bar,
/// and pinch, double tap, the wheel and the keyboard zoom between 1x and 3x, keeping the image
/// centred when the screen turns. The hint shows once, fades, and never lies over a zoomed image.
///
/// The image's slot is the screen's width or, for a picture taller than the screen allows, its
/// height times the picture's ratio (`sizes`), so the browser picks the rendition the screen's
/// pixels need; the script widens `sizes` by the zoom once zoomed (see `ImageAsset.widths`).
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
        document.stylesheet = "css/stories.css"
        document.scripts = ["js/stories.js"]
        document.expectedBytes = 8 * 1024
        return document.page(page) {
            HTML.main(.class("viewer"), .ariaLabel(title), .attr("data-min-scale", "1"), .attr("data-max-scale", "3")) {
                HTML.h1(.class("visually-hidden")) { title }
                HTML.div(.class("viewer__stage")) {
                    ResponsiveImage(image: image, sizes: Self.slot(image), className: "viewer__image", alt: title, isEager: true).html(page)
                }
                HTML.div(.class("viewer__bar")) {
                    HTML.a(.class("viewer__close viewer__done"), .href(StoriesPath.item.link(gallery.id))) { page.t("stories.viewer.done") }
                }
                HTML.p(.class("viewer__hint")) { page.t("stories.viewer.hint") }
            }
        }
    }

    /// `sizes` for the contained picture: the screen's width, or its height times the picture's
    /// width over height, whichever is less.
    static func slot(_ image: ImageAsset) -> String {
        "min(100vw, \(String(format: "%.1f", image.size.aspectRatio * 100))vh)"
    }
}
