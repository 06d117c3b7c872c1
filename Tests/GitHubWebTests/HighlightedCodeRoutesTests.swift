import CodeHighlighting
import DeckTestSupport
import GitHub
@testable import GitHubWeb
import Localization
import TestDoubles
import Testing
import WebShell

/// The file page with the composition root's highlighter (issue 49), over `FakeGitHub.octo()`'s
/// `octo/hello`: keywords in their class, one anchored line per line, the code escaped, the
/// colours from `/github/highlight.css`, and the note under a file whose colouring was cut.
@Suite("Highlighted file page (issue 49)")
struct HighlightedCodeRoutesTests {
    @Test("a Swift file: `let` in hl-k, one id=\"L…\" per line, `<` escaped, the stylesheet linked and served")
    func swiftFile() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            let page = try await browser.get("/github/repos/octo/hello/blob?path=Sources/App/main.swift").text
            #expect(page.contains(##"<span class="code-line__text"><span class="hl-k">let</span> value42 "##))
            #expect(Browser.allMatches(of: #"id="(L[0-9]+)""#, in: page) == (1...60).map { "L\($0)" })
            #expect(page.contains(#"<span class="hl-s">&quot;&lt;b&gt;Hello&lt;/b&gt; &amp; "#))
            #expect(!page.contains("<b>"))
            #expect(!page.contains(#"class="code-file__note""#))
            let href = try #require(Browser.firstMatch(of: #"<link rel="stylesheet" href="(/github/highlight\.css\?v=[0-9a-f]{16})">"#, in: page))
            let css = try await browser.get(href)
            #expect(css.status == .ok)
            #expect(css.text == HighlightStylesheet.css)
            #expect(css.text.contains(".hl-k { color: #cf222e; }"))
        }
    }

    @Test("a file whose colouring was cut says at which line, in each language")
    func cutNote() {
        let expected: [Language: String] = [
            .en: "Highlighting stopped at line 1235",
            .ru: "Подсветка остановлена на строке 1235",
            .pl: "Podświetlanie zatrzymano w wierszu 1235",
        ]
        for (language, start) in expected {
            var writer = HTMLWriter(capacity: 256)
            CodeFileView.cutNote(atLine: 1234, Catalogues.github[language]).render(into: &writer)
            #expect(writer.string.hasPrefix(#"<p class="code-file__note">"# + start), "\(language)")
        }
    }
}
