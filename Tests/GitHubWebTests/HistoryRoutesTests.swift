import DeckTestSupport
import Foundation
import GitHub
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestDoubles
import Testing

/// The history at the router (issue 49): the commits of a ref with "Show More" as a link, and one
/// commit's files with their diffs coloured by class and escaped.
@Suite("History routes (issue 49)")
struct HistoryRoutesTests {
    static let commits = "/github/repos/octo/hello/commits"

    func signedIn(_ client: any TestClientProtocol, _ language: String = "en") async throws -> Browser {
        var browser = Browser(client, acceptLanguage: language)
        _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
        return browser
    }

    @Test("the commits: first lines escaped, authors, a link to each; Show More opens pages 1 and 2, scrolled to the 31st")
    func list() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let first = try await browser.get(Self.commits)
            #expect(first.status == .ok)
            let page = first.text
            let headlines = Browser.allMatches(of: #"<span class="commit-row__headline" dir="auto">([^<]*)<"#, in: page)
            #expect(headlines.count == 30)
            #expect(headlines.first == "Greet with &lt;b&gt;markup&lt;/b&gt;")
            #expect(Browser.allMatches(of: #"<span class="commit-row__author" dir="auto">([^<]*)<"#, in: page).prefix(2) == ["octo", "Someone Else"])
            #expect(page.contains(#"href="/github/repos/octo/hello/commits/\#(FakeGitHub.sha(1))""#))
            #expect(page.contains(#"<a class="button commit-list__show-more" href="/github/repos/octo/hello/commits?page=2#commit-31""#))
            let both = try await browser.get("\(Self.commits)?page=2").text
            #expect(Browser.allMatches(of: #"<li class="cell commit-row" id="commit-([0-9]+)">"#, in: both) == (1...35).map(String.init))
            #expect(!both.contains("commit-list__show-more"))
        }
    }

    @Test("a branch's commits carry its ref into each commit, whose back item returns to them")
    func ref() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let dev = try await browser.get("\(Self.commits)?ref=dev").text
            #expect(dev.contains(#"href="/github/repos/octo/hello/commits/\#(FakeGitHub.sha(2))?ref=dev""#))
            let commit = try await browser.get("\(Self.commits)/\(FakeGitHub.sha(2))?ref=dev").text
            #expect(Browser.firstMatch(of: #"<a class="nav-bar__back" href="([^"]*)""#, in: commit) == "\(Self.commits)?ref=dev")
        }
    }

    @Test("a commit: its message, each file's status and counts, its diff coloured by class, escaped; none for a picture")
    func commit() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let response = try await browser.get("\(Self.commits)/\(FakeGitHub.sha(1))")
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.contains("Greet with &lt;b&gt;markup&lt;/b&gt;"))
            #expect(page.contains("3 files changed"))
            #expect(page.contains(#"<span class="diff-counts" role="img" aria-label="3 additions, 1 deletion">"#))
            #expect(Browser.allMatches(of: #"<div class="diff-line diff-line--([a-z]+)">"#, in: page)
                == ["hunk", "context", "removed", "added", "added", "context", "note", "hunk", "added"])
            #expect(page.contains(#"<div class="diff-line diff-line--added"><span class="diff-line__number"></span><span class="diff-line__number">2</span><span class="diff-line__sign">+</span><span class="diff-line__text">let greeting = &quot;&lt;b&gt;Hello&lt;/b&gt;&quot;</span></div>"#))
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!page.contains("<script>alert"))
            #expect(page.contains("No changes to show: the file is binary"))
            #expect(page.contains("Renamed from docs/old.md"))
            #expect(page.contains(#"<div class="code-view diff-view" role="region" aria-label="Changes in Sources/App/main.swift" tabindex="0">"#))
            #expect(page.contains(#"href="https://github.com/octo/hello/commit/\#(FakeGitHub.sha(1))""#))
        }
    }

    @Test("an unknown commit is a 404 that explains itself; the rate limit a 429")
    func failures() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client, "pl")
            let missing = try await browser.get("\(Self.commits)/abcdef1")
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("GitHub nie może znaleźć tego commitu"))
            #expect(missing.text.contains(#"href="/github/repos/octo/hello/commits/abcdef1""#))  // Try Again: the same commit
            deck.github.update { $0.failure = .rateLimited(resetsAt: nil) }
            let limited = try await browser.get(Self.commits)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("Nie udało się wczytać commitów"))
        }
    }
}
