import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Split view routes")
struct SplitRoutesTests {
    static func rows(_ page: String) -> [String] {
        Browser.allMatches(of: #"<a class="split-row__link" href="/split/([\w-]+)""#, in: page)
    }

    static func selected(_ page: String) -> [String] {
        Browser.allMatches(of: #"<li class="split-row is-selected" data-row="([\w-]+)">"#, in: page)
    }

    static func detailRow(_ page: String) -> String? {
        Browser.firstMatch(of: #"<div class="split__detail" id="split-detail" data-row="([\w-]+)""#, in: page)
    }

    static func titles(_ page: String) -> [String] {
        Browser.allMatches(of: #"<span class="split-row__title">([^<]+)</span>"#, in: page)
    }

    @Test("/split lists the five rows with the first selected and its detail ready")
    func list() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let response = try await browser.get("/split")
            #expect(response.status == .ok)
            let page = response.text
            #expect(Self.rows(page) == ["harbour", "pass", "forest", "dunes", "city"])
            #expect(Self.titles(page) == [
                "Harbor", "The long walk over the mountain pass before the first snow of the year", "Forest", "Dunes", "City at Night",
            ])
            #expect(Self.selected(page) == ["harbour"])
            #expect(Self.detailRow(page) == "harbour")
            #expect(page.contains(#"class="split split--list""#))
            // Rows 1, 2, 4 have a time, rows 1-4 a text, row 5 only its title.
            #expect(Browser.allMatches(of: #"<time class="split-row__time" datetime="[^"]+">([^<]+)</time>"#, in: page)
                == ["9:41", "Yesterday", "Mon"])
            #expect(Browser.allMatches(of: #"<span class="split-row__text">([^<]+)</span>"#, in: page).count == 4)
        }
    }

    @Test("/split/<row> selects that row, shows its detail and repeats its title", arguments: [
        ("pass", "The long walk over the mountain pass before the first snow of the year"),
        ("city", "City at Night"),
    ])
    func detail(id: String, title: String) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let response = try await browser.get("/split/\(id)")
            #expect(response.status == .ok)
            let page = response.text
            #expect(Self.selected(page) == [id])
            #expect(Self.detailRow(page) == id)
            #expect(page.contains(#"class="split split--detail""#))
            // Two navigation bars: the list's, its title large under it (issue 37), and the
            // detail's with the row's title and a way back.
            #expect(Browser.allMatches(of: #"<h1 class="large-title" id="large-title">([^<]+)</h1>"#, in: page) == ["Split View"])
            #expect(Browser.allMatches(of: #"<h1 class="nav-bar__title">([^<]+)</h1>"#, in: page) == [title])
            #expect(page.contains(#"<a class="nav-bar__back" href="/split" aria-label="Back to Split View">"#))
            let images = Browser.allMatches(of: #"<img class="split-detail__image" src="/assets/\w+/images/(split-[\w-]+)\.svg""#, in: page)
            #expect(images == ["split-\(id)-\(id == "pass" ? "peaks" : "skyline")", "split-\(id)-\(id == "pass" ? "lake" : "bridge")"])
        }
    }

    @Test("every row's detail shows two images no other row shows")
    func distinctImages() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            var seen: [String] = []
            for id in ["harbour", "pass", "forest", "dunes", "city"] {
                let page = try await browser.get("/split/\(id)").text
                let images = Browser.allMatches(of: #"<img class="split-detail__image" src="([^"]+)""#, in: page)
                #expect(images.count == 2)
                seen += images
                for src in images { #expect(try await browser.get(src).status == .ok) }
            }
            #expect(Set(seen).count == 10)
        }
    }

    @Test("an unknown row is a 404 inside the shell", arguments: ["/split/nowhere", "/split/HARBOUR"])
    func unknown(path: String) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let response = try await browser.get(path)
            #expect(response.status == .notFound)
            #expect(response.text.contains("error-state"))
        }
    }

    @Test("the home screen marks Split view as available")
    func home() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let page = try await browser.get("/").text
            #expect(page.contains(#"<a class="home__link" href="/split">"#))
        }
    }

    @Test("the rows and detail follow the page's language")
    func russian() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            let page = try await browser.get("/split/dunes").text
            #expect(Self.titles(page).first == "Гавань")
            #expect(page.contains(#"<h1 class="nav-bar__title">Дюны</h1>"#))
        }
    }
}
