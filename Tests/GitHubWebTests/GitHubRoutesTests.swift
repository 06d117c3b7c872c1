import DeckTestSupport
import Foundation
import GitHub
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Localization
import TestDoubles
import Testing

/// `/github` at the router (GH-1..4, GH-6, GH-9), over the SQLite secret store and an in-memory
/// one; GitHub itself is `FakeGitHub.octo()`.
@Suite("GitHub routes")
struct GitHubRoutesTests {
    @Test("without a token the list sends to sign-in, which explains what a token needs (GH-1)", arguments: StoreKind.allCases)
    func signedOut(stores: StoreKind) async throws {
        let deck = try TestDeck(stores)
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let list = try await browser.get("/github")
            #expect(list.status == .seeOther)
            #expect(list.headers[.location] == "/github/sign-in")
            let page = try await browser.get("/github/sign-in")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"type="password""#))
            #expect(page.text.contains("Personal access token"))
            #expect(page.text.contains("https://github.com/settings/tokens"))
            #expect(page.text.contains("repo scope"))
            #expect(deck.github.calls.isEmpty)
        }
    }

    @Test("a malformed token is refused before any request, the field comes back empty, the reason is said (GH-1)", arguments: StoreKind.allCases)
    func malformedToken(stores: StoreKind) async throws {
        let deck = try TestDeck(stores)
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let reply = try await browser.post("/github/sign-in", form: [("token", "hello world")])
            #expect(reply.status == .unprocessableContent)
            #expect(reply.text.contains("A token has no spaces"))
            #expect(!reply.text.contains("hello world"))
            #expect(Browser.firstMatch(of: #"(name="token"[^>]*value=)"#, in: reply.text) == nil)
            #expect(deck.github.calls.isEmpty)
        }
    }

    @Test("a refused token shows why, in Russian too, and is never written back into the page", arguments: StoreKind.allCases)
    func refusedToken(stores: StoreKind) async throws {
        let deck = try TestDeck(stores)
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            let reply = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.otherToken)])
            #expect(reply.status == .unauthorized)
            #expect(!reply.text.contains(FakeGitHub.otherToken))
            #expect(reply.text.contains(Catalogue.text(.ru, "github.failure.badCredentials")))
            #expect(try await browser.get("/github").status == .seeOther)
        }
    }

    @Test("sign in, the list, a repository with its README made safe, sign out (GH-1..3, GH-9)", arguments: StoreKind.allCases)
    func wholeFlow(stores: StoreKind) async throws {
        let deck = try TestDeck(stores)
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let signedIn = try await browser.post("/github/sign-in", form: [("token", "  \(FakeGitHub.token)\n")])
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.headers[.location] == "/github")
            #expect(try await browser.get("/github/sign-in").headers[.location] == "/github")

            let list = try await browser.get("/github")
            #expect(list.status == .ok)
            #expect(Browser.allMatches(of: #"href="/github/repositories/([0-9]+)""#, in: list.text) == ["100", "101", "102"])
            #expect(list.text.contains("Says &lt;hello&gt; &amp; more"))
            #expect(list.text.contains(#"data-language="swift""#))
            #expect(list.text.contains(#"<span class="repo-stars" role="img" aria-label="1,234 stars">"#))
            #expect(list.text.contains(">Private<"))
            #expect(!list.text.contains(FakeGitHub.token))

            let detail = try await browser.get("/github/repositories/100")
            #expect(detail.status == .ok)
            #expect(detail.text.contains("octo/hello"))
            #expect(detail.text.contains("MIT License"))
            #expect(detail.text.contains("56 forks"))
            #expect(detail.text.contains("78 watchers"))
            #expect(detail.text.contains(#"href="https://github.com/octo/hello""#))
            #expect(detail.text.contains("<table"))
            #expect(detail.text.contains(#"aria-current="page""#))
            #expect(deck.github.calls.contains("readme(octo/hello@main)"))

            let hostile = try await browser.get("/github/repositories/101").text
            #expect(!hostile.contains("<script>alert"))
            #expect(!hostile.contains("onerror"))
            #expect(!hostile.contains("javascript:"))
            #expect(hostile.contains(#"href="https://github.com/octo/hostile/blob/main/docs/guide.md""#))
            #expect(hostile.contains("No license"))

            let bare = try await browser.get("/github/repositories/102").text
            #expect(bare.contains("This repository has no README."))

            let out = try await browser.post("/github/sign-out", form: [])
            #expect(out.status == .seeOther)
            #expect(try await browser.get("/github").headers[.location] == "/github/sign-in")
        }
    }

    @Test("a script's sign-in gets JSON: where to go, or why not", arguments: [StoreKind.sqlite])
    func signInForAScript(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let token = try await browser.csrfToken()
            func post(_ value: String) async throws -> TestResponse {
                try await browser.send(
                    "/github/sign-in", method: .post,
                    headers: [.accept: "application/json", .contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "_csrf=\(token)&token=\(Browser.encode(value))"))
            }
            let refused = try await post("ghp_short")
            #expect(refused.status == .unprocessableContent)
            let failure = try JSONSerialization.jsonObject(with: Data(buffer: refused.body)) as? [String: Any]
            #expect((failure?["failure"] as? [String: Any])?["message"] as? String == Catalogue.text(.en, "github.failure.malformedToken.unrecognised"))
            let accepted = try await post(FakeGitHub.token)
            #expect(accepted.status == .ok)
            #expect((try JSONSerialization.jsonObject(with: Data(buffer: accepted.body)) as? [String: Any])?["location"] as? String == "/github")
        }
    }

    @Test("GitHub's failures become screens: rate limit with retry, a revoked token back to sign-in (GH-4)", arguments: StoreKind.allCases)
    func failures(stores: StoreKind) async throws {
        let deck = try TestDeck(stores)
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])

            deck.github.update { $0.failure = .rateLimited(resetsAt: nil) }
            let limited = try await browser.get("/github")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("request limit is used up"))
            #expect(limited.text.contains(#"href="/github""#) && limited.text.contains("Try Again"))

            deck.github.update { $0.failure = .offline }
            let offline = try await browser.get("/github/repositories/100")
            #expect(offline.status == .badGateway)
            #expect(offline.text.contains("no connection to GitHub"))

            deck.github.update { $0.failure = nil }
            #expect(try await browser.get("/github/repositories/999").status == .notFound)

            deck.github.update { $0.failure = .badCredentials }
            let revoked = try await browser.get("/github")
            #expect(revoked.headers[.location] == "/github/sign-in?reason=badCredentials")
            deck.github.update { $0.failure = nil }
            let signIn = try await browser.get("/github/sign-in?reason=badCredentials")
            #expect(signIn.text.contains("did not accept the token"))
            #expect(try await browser.get("/github").headers[.location] == "/github/sign-in")  // the token was forgotten
        }
    }

    @Test("one device's sign-in is not another's (GH-6)", arguments: StoreKind.allCases)
    func devicesApart(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var alice = Browser(client, acceptLanguage: "en")
            var bob = Browser(client, acceptLanguage: "en")
            _ = try await alice.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            #expect(try await alice.get("/github").status == .ok)
            #expect(try await bob.get("/github").headers[.location] == "/github/sign-in")
            #expect(try await bob.get("/github/repositories/100").headers[.location] == "/github/sign-in")
        }
    }

    @Test("the language colours are one immutable stylesheet, linked from every GitHub page")
    func languageStylesheet() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let page = try await browser.get("/github/sign-in").text
            let href = try #require(Browser.firstMatch(of: #"href="(/github/languages\.css\?v=[0-9a-f]+)""#, in: page))
            let css = try await browser.get(href)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl]?.contains("immutable") == true)
            #expect(css.text.contains(#"[data-language="swift"] { --language: #f05138; }"#))
        }
    }
}

extension Catalogue {
    static func text(_ language: Language, _ key: String) -> String { Catalogues.github[language].text(key) }
}
