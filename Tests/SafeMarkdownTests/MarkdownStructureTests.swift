import Testing
import SafeMarkdown

/// What a reader of a README sees: every Markdown construct comes out as the right element.
@Suite("Markdown structure")
struct MarkdownStructureTests {
    @Test func headingsOfEveryLevelGetGitHubStyleAnchors() {
        let html = render("# Hello World\n\n## Install & Run\n\n###### Six\n\n## Hello World")
        #expect(html.contains(#"<h1 id="user-content-hello-world">Hello World</h1>"#))
        #expect(html.contains(#"<h2 id="user-content-install--run">Install &amp; Run</h2>"#))
        #expect(html.contains(#"<h6 id="user-content-six">Six</h6>"#))
        #expect(html.contains(#"<h2 id="user-content-hello-world-1">Hello World</h2>"#))
        expectSafe(html)
    }

    @Test func nestedListsBecomeNestedElements() {
        let html = render("- one\n- two\n  - two a\n  - two b\n    - deep\n\n1. first\n2. second\n\nText\n\n7. seventh")
        #expect(html.contains("<ul><li>one</li><li>two<ul><li>two a</li><li>two b<ul><li>deep</li></ul></li></ul></li></ul>"))
        #expect(html.contains("<ol><li>first</li><li>second</li></ol>"))
        #expect(html.contains(#"<ol start="7"><li>seventh</li></ol>"#))
        expectSafe(html)
    }

    @Test func tableAlignmentBecomesClasses() {
        let html = render("| Left | Center | Right | None |\n|:-----|:------:|------:|------|\n| a | b | c | d |")
        #expect(html.contains(#"<table><thead><tr><th class="align-left">Left</th><th class="align-center">Center</th>"#
            + #"<th class="align-right">Right</th><th>None</th></tr></thead>"#))
        #expect(html.contains(#"<tbody><tr><td class="align-left">a</td><td class="align-center">b</td>"#
            + #"<td class="align-right">c</td><td>d</td></tr></tbody></table>"#))
        expectSafe(html)
    }

    @Test func fencedCodeKeepsItsLanguageAndItsText() {
        let html = render("```swift\nlet tag = \"<b>\" && x < 1\n```")
        #expect(html.contains(#"<pre><code class="language-swift">let tag = &quot;&lt;b&gt;&quot; &amp;&amp; x &lt; 1"#))
        expectSafe(html)
    }

    @Test func fencedCodeWithAnUnsafeLanguageKeepsItsCodeWithoutAClass() {
        let html = render("```js\" onclick=\"alert(1)\nlet a = 1\n```")
        #expect(html.contains("<pre><code>let a = 1"))
        expectSafe(html)
    }

    @Test func inlineCodeIsEscapedText() {
        let html = render("Call `print(\"<hi>\")` now")
        #expect(html.contains("<p>Call <code>print(&quot;&lt;hi&gt;&quot;)</code> now</p>"))
        expectSafe(html)
    }

    @Test func absoluteLinksGetRelAndRelativeLinksResolveAgainstTheRepository() {
        let html = render("[site](https://example.com/a?b=1&c=2) [doc](docs/a.md) [root](/LICENSE) [up](../other)")
        #expect(html.contains(#"<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer">site</a>"#))
        #expect(html.contains(#"<a href="https://github.com/octo/hello/blob/main/docs/a.md" rel="nofollow noopener noreferrer">doc</a>"#))
        #expect(html.contains(#"<a href="https://github.com/octo/hello/blob/main/LICENSE" rel="nofollow noopener noreferrer">root</a>"#))
        #expect(html.contains(#"<a href="https://github.com/octo/hello/blob/other" rel="nofollow noopener noreferrer">up</a>"#))
        expectSafe(html)
    }

    @Test func fragmentLinksPointAtThePrefixedAnchors() {
        let html = render("[Go](#installation)\n\n## Installation")
        #expect(html.contains(##"<a href="#user-content-installation">Go</a>"##))
        #expect(html.contains(#"<h2 id="user-content-installation">"#))
        expectSafe(html)
    }

    @Test func relativeLinksWithoutABaseBecomePlainText() {
        let html = render("[doc](docs/a.md) and [site](https://example.com)", links: Fixtures.noBases)
        #expect(html.contains("<p>doc and <a href=\"https://example.com\""))
        expectSafe(html)
    }

    @Test func mailtoLinksAreKept() {
        let html = render("[mail](mailto:octo@example.com)")
        #expect(html.contains(#"<a href="mailto:octo@example.com" rel="nofollow noopener noreferrer">mail</a>"#))
    }

    @Test func linkTitlesAreRecovered() {
        let html = render(#"[site](https://example.com "The site")"#)
        #expect(html.contains(#"<a href="https://example.com" title="The site" rel="nofollow noopener noreferrer">site</a>"#))
    }

    @Test func emphasisStrongAndStrikethrough() {
        let html = render("Some *em*, **strong**, ~~gone~~ and <del>deleted</del> <kbd>Ctrl</kbd>.")
        #expect(html.contains("<p>Some <em>em</em>, <strong>strong</strong>, <del>gone</del> and <del>deleted</del> <kbd>Ctrl</kbd>.</p>"))
        expectSafe(html)
    }

    @Test func blockquoteAndHorizontalRule() {
        let html = render("> quoted line\n> more\n\n---\n\nafter")
        #expect(html.contains("<blockquote><p>quoted line\nmore</p></blockquote>"))
        #expect(html.contains("<hr>"))
        #expect(html.contains("<p>after</p>"))
        expectSafe(html)
    }

    @Test func imagesAreLoadedThroughTheProxy() {
        let html = render(#"![The logo](img/logo.png "Logo") ![abs](https://example.com/a.png)"#)
        #expect(html.contains(#"<img src="/readme-image?url=https%3A%2F%2Fraw%2Egithubusercontent%2Ecom%2Focto%2Fhello%2Fmain%2Fimg%2Flogo%2Epng" alt="The logo" title="Logo" loading="lazy" decoding="async">"#))
        #expect(html.contains(#"<img src="/readme-image?url=https%3A%2F%2Fexample%2Ecom%2Fa%2Epng" alt="abs" loading="lazy" decoding="async">"#))
        expectSafe(html)
    }

    @Test func imagesWithoutAProxyBecomeLabelledPlaceholders() {
        let html = render(#"![Build & "status"](https://ci.example/badge.svg)"#, links: Fixtures.placeholderLinks)
        #expect(html.contains(#"<span class="readme-image-placeholder" role="img" aria-label="Obraz: Build &amp; &quot;status&quot;">"#
            + #"<span class="readme-image-placeholder-label">Obraz</span> Build &amp; &quot;status&quot;</span>"#))
        #expect(!html.contains("<img"))
        expectSafe(html)
    }

    @Test func imageWithoutDescriptionGetsTheLabelAlone() {
        let html = render("![](https://ci.example/badge.svg)", links: Fixtures.placeholderLinks)
        #expect(html.contains(#"<span class="readme-image-placeholder" role="img" aria-label="Obraz"><span class="readme-image-placeholder-label">Obraz</span></span>"#))
    }

    @Test func imagesInsideLinksKeepTheLink() {
        let proxied = render("[![build](https://ci.example/b.svg)](https://ci.example)")
        #expect(proxied.contains(#"<a href="https://ci.example" rel="nofollow noopener noreferrer"><img src="/readme-image?url="#))
        let placeholder = render("[![build](https://ci.example/b.svg)](https://ci.example)", links: Fixtures.placeholderLinks)
        #expect(placeholder.contains(#"<a href="https://ci.example" rel="nofollow noopener noreferrer"><span class="readme-image-placeholder""#))
        expectSafe(proxied)
        expectSafe(placeholder)
    }

    @Test func aProxyAnswerThatIsNotOnOurOriginGivesAPlaceholder() {
        for answer in ["https://evil.example/x.png", "//evil.example/x.png", "/\\evil.example/x.png", "javascript:alert(1)"] {
            let links = ReadmeLinks(linkBase: Fixtures.linkBase, imageBase: Fixtures.imageBase, proxiedImage: { _ in answer })
            let html = render("![logo](logo.png)", links: links)
            #expect(!html.contains("<img"), "\(answer)")
            #expect(html.contains("readme-image-placeholder"), "\(answer)")
        }
    }

    @Test func referenceLinksResolveAcrossBlocks() {
        let html = render("[![CI][ci-badge]][ci]\n\nSee the [docs][Docs].\n\n[ci]: https://ci.example\n[ci-badge]: https://ci.example/b.svg\n[docs]: docs/README.md")
        #expect(html.contains(#"<a href="https://ci.example" rel="nofollow noopener noreferrer"><img src="/readme-image?url=https%3A%2F%2Fci%2Eexample%2Fb%2Esvg""#))
        #expect(html.contains(#"<a href="https://github.com/octo/hello/blob/main/docs/README.md" rel="nofollow noopener noreferrer">docs</a>"#))
        #expect(!visibleText(html).contains("[ci]:"))
    }

    @Test func autolinksBecomeLinks() {
        let html = render("Visit <https://example.com/a_b_c> or write to <octo@example.com>.")
        #expect(html.contains(#"<a href="https://example.com/a_b_c" rel="nofollow noopener noreferrer">https://example.com/a_b_c</a>"#))
        #expect(html.contains(#"<a href="mailto:octo@example.com" rel="nofollow noopener noreferrer">octo@example.com</a>"#))
        expectSafe(html)
    }
}
