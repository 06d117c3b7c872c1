import Testing
import SafeMarkdown

/// What Ink 0.6.0 does with the constructs READMEs use, and how the guard in front of it
/// changes the cases where Ink alone would lose content, hang or crash.
@Suite("Ink 0.6.0 behaviour")
struct InkBehaviourTests {
    // MARK: - What Ink supports

    @Test func tablesNeedTheSeparatorRowForAHeader() {
        let withHeader = render("| a | b |\n|---|---|\n| 1 | 2 |")
        #expect(withHeader.contains("<thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody>"))
        let withoutHeader = render("| 1 | 2 |\n| 3 | 4 |")
        #expect(withoutHeader.contains("<table><tbody><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></tbody></table>"))
    }

    @Test func onlyBacktickFencesAreCode() {
        let html = render("```python\nprint(1)\n```\n\n~~~\nnot code\n~~~")
        #expect(html.contains(#"<pre><code class="language-python">print(1)"#))
        // Ink knows no `~~~` fences and no indented code: that text stays a paragraph.
        #expect(!html.contains("<pre><code>not code"))
    }

    @Test func aFenceInterruptsAParagraph() {
        let html = render("Run this:\n```sh\nmake\n```\nDone.")
        #expect(html.contains("<p>Run this:</p>"))
        #expect(html.contains(#"<pre><code class="language-sh">make"#))
        #expect(html.contains("<p>Done.</p>"))
    }

    @Test func nestedListsFollowIndentationButADeepDedentStaysDeep() {
        // Ink 0.6.0 puts an item that dedents two levels into the innermost list (an Ink bug).
        let html = render("- a\n  - b\n    - c\n- d")
        #expect(html.contains("<ul><li>a<ul><li>b<ul><li>c</li><li>d</li></ul></li></ul></li></ul>"))
    }

    @Test func rawHTMLBlocksPassToTheSanitizer() {
        let html = render(#"<p align="center"><a href="https://example.com"><img src="logo.png" width="120"></a></p>"#)
        #expect(html.contains(#"<p><a href="https://example.com" rel="nofollow noopener noreferrer"><img src="/readme-image?url="#))
        #expect(html.contains(#"width="120" loading="lazy" decoding="async"></a></p>"#))
    }

    @Test func markdownInsideDetailsIsRenderedWhenSeparatedByBlankLines() {
        let html = render("<details>\n<summary>More</summary>\n\n- item **b**\n\n</details>\n\n## After")
        #expect(html.contains("<details>\n<summary>More</summary>"))
        #expect(html.contains("<ul><li>item <strong>b</strong></li></ul>"))
        #expect(html.contains("</details>"))
        #expect(html.contains(#"<h2 id="user-content-after">After</h2>"#))
        expectSafe(html)
    }

    @Test func detailsOpenAttributeIsKept() {
        let html = render("<details open>\n<summary>Shown</summary>\nBody\n</details>")
        #expect(html.contains(#"<details open=""><summary>Shown</summary>"#) || html.contains("<details open=\"\">\n<summary>Shown</summary>"))
    }

    @Test func entitiesAreDecodedAndEscapedAgain() {
        let html = render("&copy; &amp; &lt;b&gt; &#106; &#x3C;i&#x3E; &unknown; AT&T")
        #expect(html.contains("<p>© &amp; &lt;b&gt; j &lt;i&gt; &amp;unknown; AT&amp;T</p>"))
    }

    // MARK: - Where the guard changes Ink's result

    @Test func anUnclosedTagNoLongerSwallowsTheRestOfTheReadme() {
        let html = render(#"<img src="logo.png" width="100">"# + "\n\n# Heading\n\nSome *text*.")
        #expect(html.contains(#"<h1 id="user-content-heading">Heading</h1>"#))
        #expect(html.contains("<p>Some <em>text</em>.</p>"))
    }

    @Test func genericsInTextDoNotSwallowTheNextParagraph() {
        let html = render("An Array<Int> here.\n\nNext *paragraph*.")
        #expect(html.contains("<p>Next <em>paragraph</em>.</p>"))
    }

    @Test func anUnclosedParagraphTagDoesNotHang() {
        for input in ["<p", "a <p x", "a \\<p>b</p>", "\\<P", "x\n\n<p"] {
            let html = render(input)
            expectSafe(html, input)
            #expect(html.contains("&lt;") || html.contains("<p>"), "\(input)")
        }
    }

    @Test func trailingWhitespaceAfterAListOrFrontMatterDoesNotCrash() {
        #expect(render("- a\n  ").contains("<ul><li>a</li></ul>"))
        #expect(render("---\nfoo: bar\n   ").contains("foo: bar"))
    }

    @Test func frontMatterMarkersInsideTheReadmeAreRules() {
        let html = render("Intro\n\n---\nkey: value\n---\n\nOutro")
        #expect(html.contains("<hr>"))
        #expect(html.contains("key: value"))
        #expect(html.contains("<p>Outro</p>"))
    }

    @Test func linkDestinationsCannotBreakOutOfTheirAttribute() {
        let html = render(#"[y](" onclick="alert(1)) ![i](x" onerror="alert(1))"#)
        expectSafe(html)
        // The quotes stay inside the address, percent-encoded: no attribute is added.
        let tags = OutputInspector(html).tags.filter { !$0.isEnd && ($0.name == "a" || $0.name == "img") }
        #expect(tags.map { $0.attributes.keys.sorted() } == [["href", "rel"], ["alt", "decoding", "loading", "src"]])
        #expect(tags.first?.attributes["href"] == "https://github.com/octo/hello/blob/main/%22%20onclick=%22alert(1)")
    }
}
