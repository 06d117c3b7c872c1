import Testing
import SafeMarkdown

/// The constructs real READMEs use, rendered as GitHub renders them (cmark-gfm with GitHub's
/// extensions), including every case issue 22 measured Ink getting wrong.
@Suite("GitHub's Markdown")
struct GitHubBehaviourTests {
    @Test func aFenceIndentedInAListItemClosesAndTheListGoesOn() {
        let tight = render(" 1. Build:\n    ```sh\n    make\n    ```\n 2. Run\n\nAfter.")
        #expect(tight == #"<ol><li>Build:<pre><code class="language-sh">make"# + "\n</code></pre></li><li>Run</li></ol><p>After.</p>")
        let html = render(" 1. Build:\n    ```sh\n    make\n    ```\n 2. Run:\n\n        ./hello\n\nAfter.")
        #expect(html.contains(#"<li><p>Build:</p><pre><code class="language-sh">make"# + "\n</code></pre></li>"))
        #expect(html.contains("<li><p>Run:</p><pre><code>./hello\n</code></pre></li></ol><p>After.</p>"))
        expectSafe(html)
    }

    @Test func aClosingFenceLongerThanTheOpeningOneCloses() {
        let html = render("```\ncode\n`````\n\ntext")
        #expect(html == "<pre><code>code\n</code></pre><p>text</p>")
    }

    @Test func tildeFencesAndIndentedCodeAreCode() {
        let html = render("~~~python\nprint(1)\n~~~\n\n    indented <b>\n")
        #expect(html == #"<pre><code class="language-python">print(1)"# + "\n</code></pre><pre><code>indented &lt;b&gt;\n</code></pre>")
    }

    @Test func nestedListsNestByIndentation() {
        #expect(render("- a\n  - b\n- c") == "<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>")
    }

    @Test func tablesWithoutOuterPipesAreTables() {
        let html = render("API | Description\n|:---|:---|\n`get` | Reads")
        #expect(html == #"<table><thead><tr><th class="align-left">API</th><th class="align-left">Description</th></tr></thead>"#
            + #"<tbody><tr><td class="align-left"><code>get</code></td><td class="align-left">Reads</td></tr></tbody></table>"#)
    }

    @Test func bulletsRightAfterAParagraphLineAreAList() {
        #expect(render("Features:\n* fast\n* small") == "<p>Features:</p><ul><li>fast</li><li>small</li></ul>")
    }

    @Test func setextHeadingsShortcutReferencesAndIntrawordUnderscores() {
        let html = render("Title\n=====\n\nWritten in [Rust], see snake_case_name.\n\n[Rust]: https://rust-lang.org")
        #expect(html == #"<h1 id="user-content-title">Title</h1><p>Written in <a href="https://rust-lang.org" rel="nofollow noopener noreferrer">Rust</a>, see snake_case_name.</p>"#)
    }

    @Test func bareURLsAndWwwAreAutolinked() {
        let html = render("See https://example.com/a and www.example.org.")
        #expect(html == #"<p>See <a href="https://example.com/a" rel="nofollow noopener noreferrer">https://example.com/a</a> and "#
            + #"<a href="http://www.example.org" rel="nofollow noopener noreferrer">www.example.org</a>.</p>"#)
    }

    @Test func taskListsShowDisabledCheckboxes() {
        let html = render("- [ ] todo\n- [x] done")
        #expect(html == #"<ul><li class="task-list-item"><input type="checkbox" disabled=""> todo</li>"#
            + #"<li class="task-list-item"><input type="checkbox" disabled="" checked=""> done</li></ul>"#)
        expectSafe(html)
    }

    @Test func rawHTMLInsideAParagraphKeepsTheRestOfTheParagraphMarkdown() {
        #expect(render("one<br >two **bold**") == "<p>one<br>two <strong>bold</strong></p>")
    }

    @Test func aFilteredTagIsShownAsTextAndTheReadmeGoesOn() {
        let html = render("Use a <textarea> for input.\n\n## Next\n\nMore *text*.")
        #expect(html == #"<p>Use a &lt;textarea&gt; for input.</p><h2 id="user-content-next">Next</h2><p>More <em>text</em>.</p>"#)
    }

    @Test func aDroppedElementNeverTakesTheTextAfterIt() {
        let html = render("Draw it with <svg> here.\n\nNext paragraph.")
        #expect(html == "<p>Draw it with  here.</p><p>Next paragraph.</p>")
        expectSafe(html)
    }

    @Test func centeredParagraphsAndDetailsKeepTheirMeaning() {
        let html = render(#"<p align="center"><a href="https://example.com"><img src="logo.png" width="120"></a></p>"#
            + "\n\n<details open>\n<summary>More</summary>\n\n- item **b**\n\n</details>\n\n## After")
        #expect(html.contains(#"<p class="align-center"><a href="https://example.com" rel="nofollow noopener noreferrer"><img src="/readme-image?url="#))
        #expect(html.contains(#"width="120" loading="lazy" decoding="async"></a></p>"#))
        #expect(html.contains("<details open=\"\">\n<summary>More</summary>\n<ul><li>item <strong>b</strong></li></ul></details>"))
        #expect(html.contains(#"<h2 id="user-content-after">After</h2>"#))
        expectSafe(html)
    }

    @Test func aPictureShowsItsOneImage() {
        let html = render(#"<picture><source media="(prefers-color-scheme: dark)" srcset="dark.png"><img alt="Logo" src="light.png"></picture>"#)
        #expect(OutputInspector(html).tags.filter { $0.name == "img" }.count == 1)
        #expect(html.contains("light%2Epng"))
        #expect(!html.contains("dark"))
        expectSafe(html)
    }

    @Test func footnotesLinkBothWays() {
        let html = render("Claim[^a] and again[^a].\n\n[^a]: The source.")
        #expect(html == ##"<p>Claim<sup><a href="#user-content-fn-1" id="user-content-fnref-1">1</a></sup> and again"##
            + ##"<sup><a href="#user-content-fn-1">1</a></sup>.</p><section class="footnotes"><ol><li id="user-content-fn-1">"##
            + ##"<p>The source.</p> <a href="#user-content-fnref-1" aria-label="Back to reference 1">↩</a></li></ol></section>"##)
        expectSafe(html)
    }

    @Test func inPageLinksReachTheirPrefixedAnchors() {
        let html = render("[Go](#install-it) [raw](#user-content-install-it)\n\n## Install it\n\n<a name=\"legacy\"></a>[old](#legacy)")
        #expect(html.contains(##"<a href="#user-content-install-it">Go</a> <a href="#user-content-install-it">raw</a>"##))
        #expect(html.contains(#"<h2 id="user-content-install-it">Install it</h2>"#))
        #expect(html.contains(##"<a name="user-content-legacy"></a><a href="#user-content-legacy">old</a>"##))
    }

    @Test func entitiesAreDecodedAndEscapedAgain() {
        let html = render("&copy; &amp; &lt;b&gt; &#106; &#x3C;i&#x3E; &unknown; AT&T")
        #expect(html == "<p>© &amp; &lt;b&gt; j &lt;i&gt; &amp;unknown; AT&amp;T</p>")
    }

    @Test func rawEndTagsCannotCloseTheMarkdownAroundThem() {
        let html = render("- one </li></ul> **still bold**\n- two")
        #expect(html == "<ul><li>one  <strong>still bold</strong></li><li>two</li></ul>")
        expectSafe(html)
    }

    @Test func rawBlocksInsideAMarkdownParagraphAreLeftOutNotMisnested() {
        let html = render("text <div>inside</div> and <p>more</p> end")
        #expect(html == "<p>text inside and more end</p>")
    }

    @Test func markdownAfterAnUnclosedRawTableIsNotMovedOutOfPlace() {
        let html = render("<table><tr><td>\n\n**cell**\n\n</td></tr></table>\n\n<table>\n\nloose *text*")
        #expect(html.contains("<table><tbody><tr><td>\n<p><strong>cell</strong></p></td></tr></tbody></table>"))
        #expect(html.hasSuffix("<table>\n</table><p>loose <em>text</em></p>"))
        expectSafe(html)
    }

    @Test func linkDestinationsCannotBreakOutOfTheirAttribute() {
        let html = render(#"[y](<" onclick="alert(1)>) ![i](<x" onerror="alert(1)>)"#)
        expectSafe(html)
        let tags = OutputInspector(html).tags.filter { !$0.isEnd && ($0.name == "a" || $0.name == "img") }
        #expect(tags.map { $0.attributes.keys.sorted() } == [["href", "rel"], ["alt", "decoding", "loading", "src"]])
        #expect(tags.first?.attributes["href"] == "https://github.com/octo/hello/blob/main/%22%20onclick=%22alert(1)")
    }
}
