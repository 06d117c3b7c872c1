import DeckTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Upstream

/// `/photos` at the router (PH-1..15), over SQLite and in-memory feeds; the list comes from a fixed
/// source, the thumbnails from an image host that never answers (so each is the drawn placeholder).
@Suite("Photos routes")
struct PhotosRoutesTests {
    @Test("an empty feed: the empty text, both buttons in Polish, Clear disabled (PH-1, PH-6, PH-13)", arguments: StoreKind.allCases)
    func empty(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "pl")
            let page = try await browser.get("/photos").text
            #expect(page.contains("Brak miniaturek do wyświetlenia"))
            #expect(page.contains("Dodaj element"))
            #expect(page.contains(#"<button class="button" type="submit" disabled>Wyczyść listę</button>"#))
            #expect(page.contains("0 elementów"))
            #expect(Browser.allMatches(of: #"data-photo-id="([0-9]+)""#, in: page) == ["0"])  // the template only
        }
    }

    @Test("Add element appends the next photo, escaped, with our own thumbnail path; Clear starts again from the first (PH-3, PH-5, PH-7, PH-12)", arguments: StoreKind.allCases)
    func addAndClear(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let added = try await browser.post("/photos/add", form: [])
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/photos")
            _ = try await browser.post("/photos/add", form: [])
            let page = try await browser.get("/photos").text
            #expect(Browser.allMatches(of: #"data-photo-id="([0-9]+)""#, in: page) == ["1", "2", "0"])  // 0: the template
            #expect(page.contains("photo 1 &lt;b&gt;&amp;&lt;/b&gt;"))
            #expect(page.contains(#"src="/photos/thumbnails/2""#))
            #expect(page.contains("2 elements"))
            #expect(page.contains(#"<button class="button" type="submit">Clear List</button>"#))

            #expect(try await browser.post("/photos/clear", form: []).status == .seeOther)
            #expect(try await browser.get("/photos").text.contains("No thumbnails to show"))
            _ = try await browser.post("/photos/add", form: [])
            #expect(Browser.allMatches(of: #"data-photo-id="([0-9]+)""#, in: try await browser.get("/photos").text) == ["1", "0"])
        }
    }

    @Test("a script's Add element gets JSON: the element, the count, the buttons' states", arguments: StoreKind.allCases)
    func addForAScript(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let token = try await browser.csrfToken()
            let reply = try await browser.send(
                "/photos/add", method: .post,
                headers: [.accept: "application/json", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(token)"))
            #expect(reply.status == .ok)
            let json = try JSONSerialization.jsonObject(with: Data(buffer: reply.body)) as? [String: Any]
            let item = json?["item"] as? [String: Any]
            #expect(item?["id"] as? Int == 1)
            #expect(item?["thumbnail"] as? String == "/photos/thumbnails/1")
            #expect(json?["count"] as? String == "1 element")
            #expect(json?["canClear"] as? Bool == true)
            #expect(json?["showsEmptyText"] as? Bool == false)
            #expect(json?["alert"] == nil)
        }
    }

    @Test("past the last photo the list says so and Add element is disabled (PH-3)", arguments: StoreKind.allCases)
    func endOfList(stores: StoreKind) async throws {
        var deck = try TestDeck(stores)
        deck.photoCount = 2
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            for _ in 0..<3 { _ = try await browser.post("/photos/add", form: []) }
            let page = try await browser.get("/photos").text
            #expect(Browser.allMatches(of: #"data-photo-id="([0-9]+)""#, in: page) == ["1", "2", "0"])
            #expect(page.contains("All 2 photos are shown"))
            #expect(page.contains(#"<button class="button button--filled" type="submit" disabled>"#))
        }
    }

    @Test("a list that cannot be had: an alert after Add element, with or without a script, and nothing added (PH-15)")
    func offline() async throws {
        var deck = try TestDeck()
        deck.photoFailure = .offline
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let added = try await browser.post("/photos/add", form: [])
            #expect(added.headers[.location] == "/photos?alert=offline")
            let page = try await browser.get("/photos?alert=offline").text
            #expect(page.contains(#"role="alertdialog""#))
            #expect(page.contains("You Are Offline"))
            #expect(!page.contains(#"data-photo-id="1""#))

            let token = try await browser.csrfToken()
            let reply = try await browser.send(
                "/photos/add", method: .post,
                headers: [.accept: "application/json", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(token)"))
            let json = try JSONSerialization.jsonObject(with: Data(buffer: reply.body)) as? [String: Any]
            #expect(json?["item"] == nil)
            #expect(json?["showsEmptyText"] as? Bool == false, "the list's error state shows instead")
            #expect((json?["alert"] as? [String: Any])?["title"] as? String == "You Are Offline")
        }
    }

    @Test("a server error's status survives the redirect to the alert, and a word the page does not know shows none")
    func serverErrorAlert() async throws {
        var deck = try TestDeck()
        deck.photoFailure = .server(status: 503)
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let added = try await browser.post("/photos/add", form: [])
            #expect(added.headers[.location] == "/photos?alert=server-503")
            #expect(try await browser.get("/photos?alert=server-503").text.contains("(error 503)"))
            #expect(!(try await browser.get("/photos?alert=server-42").text.contains(#"role="alertdialog""#)))
        }
    }

    @Test("thumbnails come from our origin with a strong ETag; the drawn placeholder is cached briefly; unknown ids are 404 (PH-4)")
    func thumbnails() async throws {
        try await TestDeck().run { client in
            let first = try await client.execute(uri: "/photos/thumbnails/2", method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/svg+xml")
            #expect(first.text.contains("#771796"))
            #expect(first.headers[.cacheControl] == "public, max-age=60")
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            let again = try await client.execute(uri: "/photos/thumbnails/2", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            for missing in ["/photos/thumbnails/999", "/photos/thumbnails/abc", "/photos/thumbnails/-1"] {
                let response = try await client.execute(uri: missing, method: .get)
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("one device's feed is never another's (PH-9)", arguments: StoreKind.allCases)
    func perDevice(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var alice = Browser(client, acceptLanguage: "en")
            _ = try await alice.post("/photos/add", form: [])
            var bob = Browser(client, acceptLanguage: "en")
            #expect(try await bob.get("/photos").text.contains("No thumbnails to show"))
            #expect(try await alice.get("/photos").text.contains(#"data-photo-id="1""#))
        }
    }
}
