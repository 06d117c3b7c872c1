import DeckTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Stories
import Testing

/// `/stories` at the router (SG-1..9), over SQLite and in-memory settings, with the bundled content.
@Suite("Stories & Gallery routes")
struct StoriesRoutesTests {
    @Test("Items lists every item in order with its link, cover, title and type, and the tab bar (SG-1, SG-2)", arguments: StoreKind.allCases)
    func items(stores: StoreKind) async throws {
        let content = try StoriesContent.bundled
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            let page = try await browser.get("/stories").text
            #expect(Browser.allMatches(of: #"<li class="story-cell" data-item-id="([^"]+)""#, in: page) == content.map(\.id))
            for item in content {
                #expect(page.contains(#"href="/stories/items/\#(item.id)""#))
                #expect(page.contains(">\(Self.escaped(item.title.text(for: "ru")))<"))
                #expect(page.contains(#"width="\#(item.cover.size.width)" height="\#(item.cover.size.height)""#))
            }
            #expect(page.contains(">Элементы</span>") && page.contains(">Настройки</span>"))
            #expect(page.contains(#"href="/stories" aria-current="page""#))
        }
    }

    @Test("a story draws its paths in order in the default colour; a gallery links each image to the viewer (SG-3, SG-4, SG-9)")
    func detail() async throws {
        let content = try StoriesContent.bundled
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "en")
            guard case .story(let story) = content.first(where: { $0.kind == .story }) else { Issue.record("no story"); return }
            let page = try await browser.get("/stories/items/\(story.id)").text
            #expect(page.contains(#"data-kind="story""#) && page.contains(#"data-drawing="on""#))
            let positions = Browser.allMatches(of: #"drawing__path--([0-9]+)""#, in: page)
            let pathCount = story.drawings.reduce(0) { $0 + $1.paths.count }
            #expect(positions == (0..<pathCount).map(String.init))
            #expect(Browser.allMatches(of: #"stroke="(#[0-9a-f]{6})""#, in: page) == Array(repeating: "#f3af22", count: story.drawings.count))
            #expect(Browser.allMatches(of: #"viewBox="([^"]+)""#, in: page) == story.drawings.map(\.viewBox.attributeValue))

            guard case .gallery(let gallery) = content.first(where: { $0.kind == .gallery }) else { Issue.record("no gallery"); return }
            let galleryPage = try await browser.get("/stories/items/\(gallery.id)").text
            #expect(galleryPage.contains(#"data-kind="gallery""#) && !galleryPage.contains("story-drawings"))
            #expect(Browser.allMatches(of: #"class="gallery-cell__link" href="([^"]+)""#, in: galleryPage)
                    == gallery.images.indices.map { "/stories/items/\(gallery.id)/images/\($0 + 1)" })
            let viewer = try await browser.get("/stories/items/\(gallery.id)/images/\(gallery.images.count)")
            #expect(viewer.status == .ok)
            #expect(viewer.text.contains(#"data-max-scale="3""#) && viewer.text.contains(#"class="viewer__close viewer__done" href="/stories/items/\#(gallery.id)""#))
        }
    }

    @Test("unknown items, images of a story and images out of range are 404s", arguments: [
        "/stories/items/nothing", "/stories/items/lighthouse/images/1", "/stories/items/space/images/0",
        "/stories/items/space/images/99", "/stories/items/space/images/two",
    ])
    func notFound(path: String) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let status = try await browser.get(path).status
            #expect(status == .notFound)
        }
    }

    @Test("settings change per device, by form and by script, and the next story draws with them (SG-6)", arguments: StoreKind.allCases)
    func settings(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var alice = Browser(client, acceptLanguage: "en")
            var bob = Browser(client, acceptLanguage: "en")
            let page = try await alice.get("/stories/settings").text
            #expect(page.contains(#"name="draw" value="0" aria-pressed="true""#))
            #expect(page.contains(#"value="amber" aria-pressed="true""#))
            #expect(Browser.allMatches(of: #"name="color" value="([a-z]+)""#, in: page) == PaletteColor.all.map(\.id))

            let posted = try await alice.post("/stories/settings", form: [("draw", "0")])
            #expect(posted.status == .seeOther && posted.headers[.location] == "/stories/settings")
            let token = try await alice.csrfToken()
            let reply = try await alice.send(
                "/stories/settings", method: .post,
                headers: [.accept: "application/json", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(token)&color=navy"))
            let json = try JSONSerialization.jsonObject(with: Data(buffer: reply.body)) as? [String: Any]
            #expect(json?["draw"] as? Bool == false && json?["color"] as? String == "navy")

            let story = try await alice.get("/stories/items/lighthouse").text
            #expect(story.contains(#"data-drawing="off""#) && story.contains(##"stroke="#0f2e3f""##))
            let other = try await bob.get("/stories/items/lighthouse").text
            #expect(other.contains(#"data-drawing="on""#) && other.contains(##"stroke="#f3af22""##))
        }
    }

    @Test("a value the screen never offers is refused and changes nothing", arguments: [
        [("color", "magenta")], [("draw", "maybe")], [("color", "#f3af22")], [],
    ])
    func badSettings(form: [(String, String)]) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let status = try await browser.post("/stories/settings", form: form).status
            #expect(status == .badRequest)
            #expect(try await browser.get("/stories/settings").text.contains(#"value="amber" aria-pressed="true""#))
        }
    }

    @Test("the drawing stylesheet holds the timeline's delays and every palette colour; images are immutable assets")
    func stylesheetAndImages() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let page = try await browser.get("/stories/items/lighthouse").text
            let href = try #require(Browser.firstMatch(of: #"href="(/stories/drawing\.css\?v=[0-9a-f]+)""#, in: page))
            let sheet = try await browser.get(href)
            #expect(sheet.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(sheet.headers[.cacheControl]?.contains("immutable") == true)
            #expect(sheet.text.contains(".drawing__path--0{animation-delay:0s}"))
            #expect(sheet.text.contains(".drawing__path--2{animation-delay:6s}"))
            #expect(sheet.text.contains("animation-duration:3s"))
            for color in PaletteColor.all { #expect(sheet.text.contains(".swatch-\(color.id){background:\(color.hex)}")) }

            let cover = try #require(Browser.firstMatch(of: #"class="story-detail__cover" src="([^"]+)""#, in: page))
            let image = try await browser.get(cover)
            #expect(image.status == .ok && image.headers[.contentType] == "image/jpeg")
            #expect(image.headers[.cacheControl]?.contains("immutable") == true)
            #expect(Array(image.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
        }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
