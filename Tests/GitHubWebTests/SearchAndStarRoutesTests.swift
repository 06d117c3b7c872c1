import DeckTestSupport
import Foundation
import GitHub
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestDoubles
import Testing
import Upstream

/// Search and stars at the router (issue 49): the list's search form, the query passed through
/// as typed, results as the list's rows; no match, 422 and search's rate limit explained; Star and
/// Unstar as CSRF-checked forms that redirect back, and the token that cannot star said plainly.
@Suite("Search and star routes (issue 49)")
struct SearchAndStarRoutesTests {
    func signedIn(_ client: any TestClientProtocol, _ language: String = "en") async throws -> Browser {
        var browser = Browser(client, acceptLanguage: language)
        _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
        return browser
    }

    @Test("the list carries a real search form with a labelled field")
    func form() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let page = try await browser.get("/github").text
            #expect(page.contains(#"<form class="github-search" role="search" action="/github/search" method="get">"#))
            #expect(page.contains(#"<label class="visually-hidden" for="github-search-query">Search repositories</label>"#))
            #expect(page.contains(#"<input type="search" id="github-search-query" name="q" value="""#))
        }
    }

    @Test("qualifiers reach GitHub as typed; results are the list's rows, opening the same viewer; the query is kept, escaped")
    func results() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let query = #"hello language:swift stars:>100 "quoted" <b>"#
            let response = try await browser.get("/github/search?q=" + Browser.encode(query))
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.contains(#"value="hello language:swift stars:&gt;100 &quot;quoted&quot; &lt;b&gt;""#))
            #expect(!page.contains("<b>\""))
            let searched = deck.github.calls.filter { $0.hasPrefix("search(") }
            #expect(searched == ["search(\(query))"])
            let empty = try await browser.get("/github/search?q=" + Browser.encode("hello")).text
            #expect(empty.contains(#"<a class="repo-row__link" href="/github/repositories/100""#))
            #expect(empty.contains("1 repository"))
        }
    }

    @Test("a bare search asks nothing; no match, an invalid query (422) and search's rate limit each explained")
    func states() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let bare = try await browser.get("/github/search?q=%20%20").text
            #expect(bare.contains("Qualifiers work as on GitHub"))
            #expect(!deck.github.calls.contains { $0.hasPrefix("search(") })
            let none = try await browser.get("/github/search?q=nothing-matches-this").text
            #expect(none.contains("No Results"))
            #expect(none.contains("No repositories match “nothing-matches-this”."))
            deck.github.update { $0.searchFailure = .server(status: 422) }
            let invalid = try await browser.get("/github/search?q=stars:%3Ewhat")
            #expect(invalid.status == .unprocessableContent)
            #expect(invalid.text.contains("GitHub cannot run this search."))
            deck.github.update { $0.searchFailure = .rateLimited(resetsAt: nil) }
            let limited = try await browser.get("/github/search?q=hello")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("Search has its own, lower limit: 30 searches a minute."))
            let long = try await browser.get("/github/search?q=" + String(repeating: "a", count: 300))
            #expect(long.status == .unprocessableContent)
        }
    }

    @Test("Star posts with the CSRF token and redirects back; the screen then offers Unstar, which unstars")
    func starAndUnstar() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let before = try await browser.get("/github/repositories/100").text
            #expect(before.contains(#"<form class="repo-star__form" method="post" action="/github/repositories/100/star">"#))
            #expect(before.contains(#"<input type="hidden" name="star" value="1">"#))
            let starred = try await browser.post("/github/repositories/100/star", form: [("star", "1")])
            #expect(starred.status == .seeOther)
            #expect(starred.headers[.location] == "/github/repositories/100")
            #expect(deck.github.calls.contains("star(octo/hello)"))
            let after = try await browser.get("/github/repositories/100").text
            #expect(after.contains(#"<input type="hidden" name="star" value="0">"#))
            #expect(after.contains("Unstar"))
            _ = try await browser.post("/github/repositories/100/star", form: [("star", "0")])
            #expect(deck.github.calls.contains("unstar(octo/hello)"))
            #expect(try await browser.get("/github/repositories/100").text.contains(#"name="star" value="1""#))
        }
    }

    @Test("without the CSRF token nothing is starred")
    func csrf() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let refused = try await browser.post("/github/repositories/100/star", form: [("star", "1")], csrf: false)
            #expect(refused.status == .forbidden)
            #expect(!deck.github.calls.contains("star(octo/hello)"))
        }
    }

    @Test("a token that cannot star: GitHub's 403 or 404 on PUT said plainly after the redirect; one that cannot read stars has no button")
    func cannotStar() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            deck.github.update { $0.starChangeFailure = .server(status: 403) }
            let refused = try await browser.post("/github/repositories/100/star", form: [("star", "1")])
            #expect(refused.headers[.location] == "/github/repositories/100?star=refused")
            let page = try await browser.get("/github/repositories/100?star=refused").text
            #expect(page.contains(#"<p class="repo-star__message" role="alert">This token cannot star repositories."#))
            deck.github.update { $0.starChangeFailure = .notFound }
            let notFound = try await browser.post("/github/repositories/100/star", form: [("star", "1")])
            #expect(notFound.headers[.location] == "/github/repositories/100?star=refused")
            deck.github.update { $0.starStateFailure = .server(status: 403) }
            let noButton = try await browser.get("/github/repositories/100").text
            #expect(!noButton.contains("repo-star__form"))
            #expect(noButton.contains(#"<p class="repo-star__note">This token cannot star repositories."#))
        }
    }
}
