import DeckTestSupport
import Foundation
import GitHub
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Localization
import TestDoubles
import Testing

/// The code browser at the router (issue 49), over `FakeGitHub.octo()`'s `octo/hello`: folders
/// first, breadcrumbs in the back items, lines anchored and escaped, Markdown with its toggle,
/// pictures, binary and large files refused, the picker, every failure explained.
@Suite("Code routes (issue 49)")
struct CodeRoutesTests {
    static let root = "/github/repos/octo/hello/tree"

    func signedIn(_ client: any TestClientProtocol, _ language: String = "en") async throws -> Browser {
        var browser = Browser(client, acceptLanguage: language)
        _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
        return browser
    }

    /// The back item's link and label.
    func back(_ page: String) -> (href: String?, label: String?) {
        (Browser.firstMatch(of: #"<a class="nav-bar__back" href="([^"]*)""#, in: page),
         Browser.firstMatch(of: #"<span class="nav-bar__back-label">([^<]*)<"#, in: page))
    }

    func title(_ page: String) -> String? {
        Browser.firstMatch(of: #"<h1 class="nav-bar__title"[^>]*>([^<]*)<"#, in: page)
    }

    @Test("the repository's screen leads to its code and commits, by owner and name")
    func entry() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let detail = try await browser.get("/github/repositories/100").text
            #expect(detail.contains(#"href="/github/repos/octo/hello/tree""#))
            #expect(detail.contains(#"href="/github/repos/octo/hello/commits""#))
        }
    }

    @Test("a folder: folders first, then files, alphabetical whatever the case; sizes; the branch; back to the repository")
    func root() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let response = try await browser.get(Self.root)
            #expect(response.status == .ok)
            let page = response.text
            let names = Browser.allMatches(of: #"<span class="code-entry__name" dir="auto">([^<]*)<"#, in: page)
            #expect(names == ["data", "docs", "images", "Sources", "tools", "vendor", "alpha.txt", "Package.swift", "README.md", "Zeta.txt"])
            #expect(page.contains(#"href="/github/repos/octo/hello/tree?path=docs""#))
            #expect(page.contains(#"href="/github/repos/octo/hello/blob?path=README.md""#))
            #expect(title(page) == "Code")
            #expect(back(page).href == "/github/repositories/100" && back(page).label == "hello")
            #expect(page.contains(#"<span class="code-action__title code-reference__name" dir="auto">main<"#))
            #expect(page.contains(#"aria-label="Branch or tag: main""#))
            #expect(page.contains(#"href="/github/repos/octo/hello/refs""#))
            #expect(page.contains(#"<span class="visually-hidden">Folder: </span>"#))
            #expect(page.contains(#"<span class="code-entry__size">34 B</span>"#))  // README.md, 34 bytes
            #expect(!page.contains(FakeGitHub.token))
        }
    }

    @Test("breadcrumbs: each folder's back item is its parent, titled as that screen is")
    func breadcrumbs() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client, "ru")
            let docs = try await browser.get("\(Self.root)?path=docs").text
            #expect(title(docs) == "docs")
            #expect(back(docs).href == Self.root && back(docs).label == "Код")
            let api = try await browser.get("\(Self.root)?path=docs/api").text
            #expect(back(api).href == "\(Self.root)?path=docs" && back(api).label == "docs")
            let file = try await browser.get("/github/repos/octo/hello/blob?path=docs/api/index.md").text
            #expect(back(file).href == "\(Self.root)?path=docs/api" && back(file).label == "api")
        }
    }

    @Test("a file: every line numbered and anchored (#L42), the text escaped, long lines in the code block")
    func file() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let response = try await browser.get("/github/repos/octo/hello/blob?path=Sources/App/main.swift")
            #expect(response.status == .ok)
            let page = response.text
            #expect(Browser.allMatches(of: #"<div class="code-line" id="L([0-9]+)">"#, in: page) == (1...60).map(String.init))
            #expect(page.contains(##"<div class="code-line" id="L42"><a class="code-line__number" href="#L42" tabindex="-1">42</a><span class="code-line__text">"##))
            #expect(page.contains(#"&quot;&lt;b&gt;Hello&lt;/b&gt; &amp; \&quot;you\&quot;&quot;"#))
            #expect(!page.contains("<b>Hello</b>"))
            #expect(page.contains("x" + String(repeating: "x", count: 399)))
            #expect(page.contains(#"<div class="code-view" role="region" aria-label="Code of main.swift" tabindex="0">"#))
            #expect(page.contains("60 lines · "))
            #expect(title(page) == "main.swift")
            #expect(page.contains(#"href="https://github.com/octo/hello/blob/main/Sources/App/main.swift""#))
        }
    }

    @Test("CRLF lines are lines; the code keeps no carriage return")
    func crlf() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let page = try await browser.get("/github/repos/octo/hello/blob?path=Zeta.txt").text
            #expect(Browser.allMatches(of: #"<span class="code-line__text">([^<]*)<"#, in: page) == ["zeta", "with CRLF"])
        }
    }

    @Test("Markdown: rendered by the README pipeline (no script survives), with Preview and Code as links")
    func markdown() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let path = "/github/repos/octo/hello/blob?path=docs/guide.md"
            let preview = try await browser.get(path).text
            #expect(preview.contains("<h1"))
            #expect(!preview.contains("<script>alert"))
            #expect(preview.contains(#"href="https://github.com/octo/hello/blob/main/Sources/App/main.swift""#))
            #expect(preview.contains(#"<a class="segmented__item is-selected" href="/github/repos/octo/hello/blob?path=docs/guide.md" aria-current="true">Preview</a>"#))
            #expect(preview.contains(#"<a class="segmented__item" href="/github/repos/octo/hello/blob?path=docs/guide.md&amp;view=code">Code</a>"#))
            #expect(!preview.contains(#"class="code-line""#))
            let code = try await browser.get(path + "&view=code").text
            #expect(code.contains(#"<span class="code-line__text"><span class="hl-k"># Guide</span></span>"#))
            #expect(code.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(code.contains(#"aria-current="true">Code</a>"#))
        }
    }

    @Test("binary and large files say so and link to GitHub, without their bytes being asked for")
    func refused() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let zip = try await browser.get("/github/repos/octo/hello/blob?path=tools/archive.zip")
            #expect(zip.status == .ok)
            #expect(zip.text.contains("Binary File"))
            #expect(zip.text.contains(#"href="https://github.com/octo/hello/blob/main/tools/archive.zip""#))
            let large = try await browser.get("/github/repos/octo/hello/blob?path=data/large.txt").text
            #expect(large.contains("File Too Large to Show"))
            #expect(large.contains("1.9 MB"))
            let nul = try await browser.get("/github/repos/octo/hello/blob?path=data/nul.txt").text
            #expect(nul.contains("Binary File"))
            #expect(!nul.contains("before"))
            #expect(!deck.github.calls.contains { $0.hasSuffix(":tools/archive.zip)") || $0.hasSuffix(":data/large.txt)") })
        }
    }

    @Test("a folder's README under its entries, through the README pipeline; none at the root, none where there is none")
    func folderReadme() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let response = try await browser.get("\(Self.root)?path=docs/api")
            #expect(response.status == .ok)
            let page = response.text
            let readme = try #require(page.range(of: #"<section class="list-section code-readme""#).map { String(page[$0.lowerBound...]) })
            #expect(readme.contains(#"<h2 class="list-section__header" id="code-readme-title" dir="auto">readme.md</h2>"#))
            #expect(readme.contains("API notes</h1>"))
            #expect(readme.contains(#"href="https://github.com/octo/hello/blob/main/docs/api/index.md""#))
            #expect(readme.contains(#"aria-label="Image: Diagram""#))  // no proxy in this deck: the named placeholder
            #expect(!page.contains("<script>alert(2)") && !page.contains("raw.githubusercontent.com"))
            #expect(page.range(of: "code-entries")!.lowerBound < page.range(of: "code-readme")!.lowerBound)  // under the entries

            let root = try await browser.get(Self.root).text
            let docs = try await browser.get("\(Self.root)?path=docs").text
            #expect(!root.contains("code-readme") && !docs.contains("code-readme"))
        }
    }

    @Test("a folder's README that fails says so in its place, with Try Again; the entries stay, and so does 200")
    func folderReadmeFails() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let github = deck.github
            github.update { state in
                state.during = { [github] in
                    github.update { if $0.calls.contains("contents(octo/hello@:docs/api)") { $0.contentsFailure = .server(status: 503) } }
                }
            }
            let response = try await browser.get("\(Self.root)?path=docs/api")
            #expect(response.status == .ok)
            let readme = try #require(response.text.range(of: "code-readme").map { String(response.text[$0.lowerBound...]) })
            #expect(readme.contains("Could Not Load README") && readme.contains("GitHub has a problem (error 503)"))
            #expect(readme.contains(#"href="/github/repos/octo/hello/tree?path=docs/api""#))
            #expect(response.text.contains(#"<span class="code-entry__name" dir="auto">index.md<"#))
        }
    }

    @Test("a picture is shown through the image proxy; without one, as the named placeholder")
    func picture() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let page = try await browser.get("/github/repos/octo/hello/blob?path=images/logo.png").text
            #expect(page.contains(#"<span class="readme-image-placeholder" role="img" aria-label="Image: logo.png">"#))
            #expect(!page.contains("raw.githubusercontent.com"))
        }
    }

    @Test("a path that is a folder opens the folder, and one that is a file opens the file")
    func redirects() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let folder = try await browser.get("/github/repos/octo/hello/blob?path=docs")
            #expect(folder.status == .seeOther)
            #expect(folder.headers[.location] == "\(Self.root)?path=docs")
            let file = try await browser.get("\(Self.root)?path=README.md")
            #expect(file.status == .seeOther)
            #expect(file.headers[.location] == "/github/repos/octo/hello/blob?path=README.md")
        }
    }

    @Test("another branch or tag: the picker lists them, the default marked, the shown one checked; its code at its root")
    func references() async throws {
        try await TestDeck().run { client in
            var browser = try await signedIn(client)
            let picker = try await browser.get("/github/repos/octo/hello/refs?ref=dev").text
            #expect(Browser.allMatches(of: #"<span class="code-reference-row__name" dir="auto">([^<]*)<"#, in: picker) == ["main", "dev", "v1.0"])
            #expect(picker.contains(#"<a class="code-reference-row__link" href="/github/repos/octo/hello/tree?ref=dev" aria-current="true""#))
            #expect(picker.contains(">Default<"))
            #expect(back(picker).href == "\(Self.root)?ref=dev")
            let dev = try await browser.get("\(Self.root)?ref=dev").text
            #expect(Browser.allMatches(of: #"<span class="code-entry__name" dir="auto">([^<]*)<"#, in: dev) == ["dev.txt", "README.md"])
            #expect(dev.contains(#"href="/github/repos/octo/hello/blob?ref=dev&amp;path=dev.txt""#))
            let tag = try await browser.get("/github/repos/octo/hello/blob?ref=v1.0&path=README.md").text
            #expect(tag.contains("# Version 1.0") || tag.contains("Version 1.0</h1>"))
        }
    }

    @Test("failures explained: a path GitHub does not know (404), the rate limit (429), GitHub down (502), sign-in")
    func failures() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let missing = try await browser.get("/github/repos/octo/hello/blob?path=nothing.txt")
            #expect(missing.status == .notFound)
            #expect(missing.text.contains("GitHub cannot find this file or folder on this branch"))
            #expect(missing.text.contains("Could Not Load File"))
            let noRepo = try await browser.get("/github/repos/octo/nope/tree")
            #expect(noRepo.status == .notFound)
            #expect(noRepo.text.contains("GitHub cannot find this repository"))

            deck.github.update { $0.failure = .rateLimited(resetsAt: nil) }
            let limited = try await browser.get("\(Self.root)?path=docs")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("request limit is used up"))
            #expect(limited.text.contains(#"href="/github/repos/octo/hello/tree?path=docs""#) && limited.text.contains("Try Again"))

            deck.github.update { $0.failure = .server(status: 503) }
            let down = try await browser.get("/github/repos/octo/hello/blob?path=README.md")
            #expect(down.status == .badGateway)
            #expect(down.text.contains("GitHub has a problem (error 503)"))

            deck.github.update { $0.failure = nil }
            var stranger = Browser(client, acceptLanguage: "en")
            #expect(try await stranger.get("\(Self.root)?path=docs").headers[.location] == "/github/sign-in")
        }
    }

    @Test("what GitHub could not name is a 404 before GitHub is asked; a repository name is percent-decoded")
    func names() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = try await signedIn(client)
            let before = deck.github.calls.count
            for uri in ["\(Self.root)?path=../secret", "\(Self.root)?path=a//b", "/github/repos/octo/%2E%2E/tree", "/github/repos/octo/%FF/tree",
                        "/github/repos/octo/hello/commits/not-a-sha", "\(Self.root)?ref=%00"] {
                #expect(try await browser.get(uri).status == .notFound, "\(uri)")
            }
            #expect(deck.github.calls.count == before)
            _ = try await browser.get("/github/repos/octo/%D1%82%D0%B5/tree")
            #expect(deck.github.calls.contains("repository(octo/те)"))
        }
    }
}
