import Stories
import WebShell

/// One screen for a story and a gallery (SG-9): the cover at its aspect ratio, the title and the
/// type, then what the kind adds: a story's row of drawings and its text (SG-3), or a gallery's
/// images, each opening the viewer (SG-4).
struct ItemDetailView {
    let item: StoryItem
    /// The device's settings; they decide how and in what colour a story draws.
    let settings: DrawingSettings
    let stylesheet: DrawingStylesheet

    func page(_ page: PageContext) -> HTMLPage {
        let language = page.language.rawValue
        let title = item.title.text(for: language)
        var document = StoriesFrame.document(title: title, page, stylesheet: stylesheet, bodyClass: "screen stories-app")
        document.expectedBytes = 24 * 1024
        return document.page(page) {
            NavigationBar(title: title, back: .init(href: StoriesPath.items.path, label: page.t("stories.items.title"))).html(page)
            HTML.main(.class("content story-detail"), .attr("data-kind", item.kind.rawValue), .attr("data-item-id", item.id)) {
                HTML.div(.class("story-detail__frame")) {
                    ResponsiveImage(image: item.cover, sizes: "(min-width: 720px) 720px, 100vw", className: "story-detail__cover",
                                    alt: "", isEager: true).html(page)
                }
                HTML.h2(.class("story-detail__title")) { title }
                HTML.p(.class("story-detail__type")) { item.type.text(for: language) }
                switch item {
                case .story(let story): drawings(of: story, page) + text(of: story, language)
                case .gallery(let gallery): images(of: gallery, page)
                }
            }
        }
    }

    /// The row of drawings. Each path is stroked by CSS alone (`pathLength` 1, a dash as long as
    /// the path sliding in). Path *k* of the story, counted across the row, gets the delay class
    /// `drawing__path--k` of the drawing stylesheet, which `DrawingTimeline` wrote: its place in
    /// the story's schedule.
    private func drawings(of story: Story, _ page: PageContext) -> [HTML] {
        var position = 0
        var figures: [HTML] = []
        for (index, drawing) in story.drawings.enumerated() {
            var paths: [HTML] = []
            for data in drawing.pathData {
                paths.append(.element("path", [
                    .class("drawing__path drawing__path--\(position)"), .attr("d", data), .attr("pathLength", "1"),
                ], isVoid: false))
                position += 1
            }
            let label = page.catalogue.text("stories.detail.drawing", ["number": String(index + 1), "count": String(story.drawings.count)])
            let box = drawing.viewBox
            figures.append(.element("figure", [.class("drawing")], children: [
                .element("svg", [
                    .class("drawing__svg"), .attr("xmlns", "http://www.w3.org/2000/svg"), .attr("viewBox", box.attributeValue),
                    .attr("width", Self.pixels(box.width)), .attr("height", Self.pixels(box.height)),
                    .attr("fill", "none"), .attr("stroke", settings.color.hex), .attr("stroke-width", SVGPath.format(drawing.strokeWidth)),
                    .attr("stroke-linecap", "round"), .attr("stroke-linejoin", "round"), .attr("role", "img"), .ariaLabel(label),
                ], children: paths),
            ]))
        }
        // Focusable: on a narrow screen the row scrolls sideways, and a keyboard must reach it too.
        return [.section(.class("story-drawings"), .attr("data-drawing", settings.isDrawingEnabled ? "on" : "off"),
                         .ariaLabel(page.t("stories.detail.drawings")), .attr("tabindex", "0")) { figures }]
    }

    /// CSS pixels per user unit: content is drawn in boxes of about 100 units, so a drawing is
    /// about 125 pixels across and a stroke of 2 units 2.5 pixels.
    static let scale = 1.25

    static func pixels(_ units: Double) -> String { String(Int((units * scale).rounded(.up))) }

    private func text(of story: Story, _ language: String) -> [HTML] {
        let paragraphs = story.text.text(for: language).split(separator: "\n", omittingEmptySubsequences: true)
        return [.div(.class("story-detail__text")) {
            for paragraph in paragraphs { HTML.p { String(paragraph) } }
        }]
    }

    private func images(of gallery: Gallery, _ page: PageContext) -> [HTML] {
        let count = String(gallery.images.count)
        return [.ul(.class("gallery-grid"), .ariaLabel(page.t("stories.detail.images"))) {
            for (index, image) in gallery.images.enumerated() {
                HTML.li(.class("gallery-cell")) {
                    HTML.a(.class("gallery-cell__link"), .href(StoriesPath.image.link(gallery.id, index + 1)),
                           .ariaLabel(page.catalogue.text("stories.detail.openImage", ["number": String(index + 1), "count": count]))) {
                        ResponsiveImage(image: image, sizes: "(min-width: 600px) 50vw, 100vw", className: "gallery-cell__image", alt: "").html(page)
                    }
                }
            }
        }]
    }
}
