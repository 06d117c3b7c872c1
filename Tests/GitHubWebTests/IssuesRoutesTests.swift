import Caching
import DeckTestSupport
import Foundation
import GitHub
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestDoubles
import Testing

/// Issues and pull requests at the router (issue 49): the lists (pull requests left out of the
/// issues, open and closed by a query, "Show More" as a link), labels in checked colours with
/// readable text, and one item with its body and comments made safe by the README pipeline.
@Suite("Issues and pull requests routes (issue 49)")
struct IssuesRoutesTests {
    static let issues = "/github/repos/octo/hello/issues"
    static let pulls = "/github/repos/octo/hello/pulls"

    func signedIn(_ client: any TestClientProtocol, _ language: String = "en") async throws -> Browser {
        var browser = Browser(client, acceptLanguage: language)
        _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
        return browser
    }

    func numbers(_ page: String) -> [String] {
        Browser.allMatches(of: #"<span class="issue-row__number">#([0-9]+)</span>"#, in: page)
    }

    @Test("the repository's screen opens its issues and pull requests")
    func cells() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let page = try await browser.get("/github/repositories/100").text
            #expect(page.contains(#"<a class="code-action__link repo-issues-link" href="/github/repos/octo/hello/issues""#))
            #expect(page.contains(#"<a class="code-action__link repo-pulls-link" href="/github/repos/octo/hello/pulls""#))
            #expect(page.contains("Pull Requests"))
        }
    }

    @Test("open issues without the pull request GitHub lists among them; titles escaped; Show More to page 2")
    func openIssues() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let response = try await browser.get(Self.issues)
            #expect(response.status == .ok)
            let page = response.text
            // GitHub's first page holds #1, #2 (a pull request) and #4…#31: 29 issues shown.
            #expect(numbers(page) == ["1"] + (4...31).map(String.init))
            #expect(!page.contains("Add a &lt;feature&gt;"))
            #expect(page.contains(#"<span class="issue-row__title" dir="auto">Crash on &lt;launch&gt; &amp; more</span>"#))
            #expect(!page.contains("<launch>"))
            #expect(page.contains(#"<span class="issue-row__comments" role="img" aria-label="2 comments">"#))
            #expect(page.contains(#"href="/github/repos/octo/hello/issues/1""#))
            #expect(page.contains(#"<a class="segmented__item is-selected" href="/github/repos/octo/hello/issues" aria-current="true">Open</a>"#))
            #expect(page.contains(#"<a class="segmented__item" href="/github/repos/octo/hello/issues?state=closed">Closed</a>"#))
            #expect(page.contains(#"<a class="button issue-list__show-more" href="/github/repos/octo/hello/issues?page=2#issue-30""#))
            let both = try await browser.get("\(Self.issues)?page=2").text
            #expect(numbers(both) == ["1"] + (4...40).map(String.init))
            #expect(!both.contains("issue-list__show-more"))
        }
    }

    @Test("closed issues by the segmented control's query; the pull requests from their own endpoint")
    func closedAndPulls() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let closed = try await browser.get("\(Self.issues)?state=closed").text
            #expect(numbers(closed) == ["3"])
            #expect(closed.contains("Deleted account"))
            #expect(closed.contains(#"<span class="issue-state issue-state--closed" role="img" aria-label="Closed">"#))
            let pulls = try await browser.get(Self.pulls).text
            #expect(numbers(pulls) == ["2"])
            #expect(pulls.contains("Add a &lt;feature&gt;"))
            #expect(pulls.contains(#"href="/github/repos/octo/hello/pulls/2""#))
            let none = try await browser.get("\(Self.pulls)?state=closed").text
            #expect(none.contains("There are no closed pull requests."))
            #expect(deck.github.calls.contains("pulls(octo/hello,open,page:1)"))
        }
    }

    @Test("labels: a checked colour in the stylesheet with black or white text by contrast; an unreadable one never reaches CSS")
    func labels() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let page = try await browser.get(Self.issues).text
            #expect(page.contains(#"<ul class="issue-labels" aria-label="Labels"><li class="issue-label" data-color="d73a4a" dir="auto">bug</li>"#))
            #expect(page.contains(#"<li class="issue-label" data-color="ededed" dir="auto">hostile</li>"#))
            #expect(!page.contains("url(x)"))
            let href = try #require(Browser.firstMatch(of: #"<link rel="stylesheet" href="(/github/labels\.css\?c=[^"]+)""#, in: page))
            #expect(href == "/github/labels.css?c=d73a4a,ededed,fef2c0")
            let css = try await browser.get(href)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.text.contains(#".issue-label[data-color="d73a4a"] { background: #d73a4a; color: #000000; }"#))
            #expect(css.text.contains(#".issue-label[data-color="fef2c0"] { background: #fef2c0; color: #000000; }"#))
            // Anything but six hexadecimal digits is dropped, not written into the stylesheet.
            let hostile = try await browser.get("/github/labels.css?c=0e2a47,red;}body{x:y,1234567,%3C/style%3E").text
            #expect(hostile == ".issue-label[data-color=\"0e2a47\"] { background: #0e2a47; color: #ffffff; }\n")
        }
    }

    @Test("an issue: title, state, labels, body and comments made safe, pictures through the proxy, authors and dates")
    func issue() async throws {
        var deck = try TestDeck()
        deck.readmeImages = ReadmeImages(fetcher: FakeReadmeImageFetcher([:]), diskCache: FakeDiskCache())
        try await deck.run { client in
            var browser = try await signedIn(client)
            let response = try await browser.get("\(Self.issues)/1")
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.contains("<title>Issue #1 – GitHub Repositories</title>"))
            #expect(page.contains("Crash on &lt;launch&gt; &amp; more"))
            #expect(page.contains("octo opened this 2 days ago") || page.contains("octo opened this"))
            #expect(!page.contains("<script>alert"))
            #expect(!page.contains("onerror"))
            #expect(page.contains("<strong>bold</strong>"))
            #expect(page.contains(#"<img src="/github/readme-images/"#))
            #expect(page.contains("?url=https://example.com/shot.png"))
            #expect(page.contains(#"href="https://github.com/octo/hello/blob/main/docs/guide.md""#))
            #expect(page.contains("hubot commented"))
            #expect(page.contains("Deleted account commented"))
            #expect(Browser.firstMatch(of: #"<a class="nav-bar__back" href="([^"]*)""#, in: page) == Self.issues)
            #expect(page.contains(#"href="https://github.com/octo/hello/issues/1""#))
        }
    }

    @Test("a pull request opens through the issues endpoint, its back item returning to the pull requests")
    func pull() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client, "ru")
            let page = try await browser.get("\(Self.pulls)/2").text
            #expect(page.contains("Запрос на слияние #2"))
            #expect(page.contains("Описания нет."))
            #expect(page.contains("Комментариев пока нет."))
            #expect(Browser.firstMatch(of: #"<a class="nav-bar__back" href="([^"]*)""#, in: page) == Self.pulls)
            #expect(deck.github.calls.contains("issue(octo/hello#2)"))
        }
    }

    @Test("an unknown issue is a 404 that explains itself; a number out of range is a 404 before GitHub is asked")
    func failures() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client, "pl")
            let missing = try await browser.get("\(Self.issues)/999")
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("GitHub nie może znaleźć tego zgłoszenia"))
            let before = deck.github.calls.count
            #expect(try await browser.get("\(Self.issues)/0").status == .notFound)
            #expect(try await browser.get("\(Self.issues)/99999999999999999999").status == .notFound)
            #expect(deck.github.calls.count == before)
            deck.github.update { $0.failure = .rateLimited(resetsAt: nil) }
            let limited = try await browser.get(Self.pulls)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("Nie udało się wczytać pull requestów"))
        }
    }
}
