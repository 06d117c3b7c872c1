import Testing
import SafeMarkdown

/// The sanitizer on raw HTML: the allow-list, attribute rewriting, and a tree a browser will
/// build exactly as written.
@Suite("HTML sanitizer")
struct SanitizerTests {
    @Test func disallowedElementsAreDroppedButTheirTextStays() {
        let html = sanitize("<center><u>under</u> <font color=red>red</font> <marquee>moving</marquee></center>")
        #expect(html == "under red moving")
    }

    @Test func textAndAttributeValuesAreEscapedAgain() {
        let html = sanitize(#"<p title="x">"quoted" 'single' &amp; &lt;tag&gt;</p><a href="https://e.example/?a=1&amp;b=2" title="a &quot;b&quot; <c>">l</a>"#)
        #expect(html.hasPrefix("<p>&quot;quoted&quot; &#39;single&#39; &amp; &lt;tag&gt;</p>"))
        #expect(html.contains(#"href="https://e.example/?a=1&amp;b=2" title="a &quot;b&quot; &lt;c&gt;""#))
    }

    @Test func misnestedTagsAreBalanced() {
        let html = sanitize("<b><i>bold italic</b> italic?</i></div><p>open")
        #expect(html == "<b><i>bold italic</i></b> italic?<p>open</p>")
        expectSafe(html)
    }

    @Test func aBlockInsideAParagraphClosesTheParagraphExplicitly() {
        let html = sanitize("<p><b>one<div>two</div>three</b></p>")
        #expect(html == "<p><b>one</b></p><div>two</div>three")
        expectSafe(html)
    }

    @Test func listItemsAndHeadingsCloseTheirOpenSiblings() {
        #expect(sanitize("<ul><li>a<li>b</ul>") == "<ul><li>a</li><li>b</li></ul>")
        #expect(sanitize("<dl><dt>t<dd>d<dt>u</dl>") == "<dl><dt>t</dt><dd>d</dd><dt>u</dt></dl>")
        #expect(sanitize("<h1>a<h2>b</h2>") == #"<h1 id="user-content-a">a</h1><h2 id="user-content-b">b</h2>"#)
    }

    @Test func aLinkInsideALinkClosesTheOuterOne() {
        let html = sanitize(#"<a href="https://a.example">a<b><a href="https://b.example">b</a></b></a>"#)
        #expect(html == #"<a href="https://a.example" rel="nofollow noopener noreferrer">a<b></b></a><a href="https://b.example" rel="nofollow noopener noreferrer">b</a>"#)
        expectSafe(html)
    }

    @Test func tablePartsAreKeptOnlyInsideATableWithTheirImpliedParents() {
        #expect(sanitize("<td>loose</td><tr><th>x</th></tr>") == "loosex")
        let html = sanitize("<table><td>a<td>b<tr><td>c</table>")
        #expect(html == "<table><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>")
        let fostered = sanitize("<table><div>moved</div><tr><td>cell</td></tr></table>")
        #expect(fostered == "<table><tbody><tr><td>cell</td></tr></tbody></table>")
    }

    @Test func cellAlignmentBecomesAClassAndOtherValuesAreDropped() {
        let html = sanitize(#"<table><tr><td align="CENTER">a</td><td align="justify">b</td><th align=right style="color:red">c</th></tr></table>"#)
        #expect(html.contains(#"<td class="align-center">a</td><td>b</td><th class="align-right">c</th>"#))
    }

    @Test func listStartAndImageSizesMustBeDigits() {
        #expect(sanitize(#"<ol start="3"><li>x</li></ol>"#) == #"<ol start="3"><li>x</li></ol>"#)
        #expect(sanitize(#"<ol start="3;x"><li>x</li></ol>"#) == "<ol><li>x</li></ol>")
        let image = sanitize(#"<img src="https://e.example/a.png" width="120" height="50%">"#)
        #expect(image.contains(#"width="120" loading="lazy""#))
        #expect(!image.contains("height"))
    }

    @Test func codeClassesOtherThanALanguageAreDropped() {
        #expect(sanitize(#"<pre class="language-c++"><code class="language-objective-c">x</code></pre>"#)
            == #"<pre class="language-c++"><code class="language-objective-c">x</code></pre>"#)
        #expect(sanitize(#"<code class="hljs evil">x</code><code class="language-">y</code><span class="x">z</span>"#)
            == "<code>x</code><code>y</code><span>z</span>")
    }

    @Test func idsAndNamesArePrefixedAndReducedToSafeCharacters() {
        let html = sanitize(#"<h3 id="Top &quot;section&quot;">T</h3><a name="install">i</a><a id="user-content-x">x</a><h4 id="!!!">Fallback Title</h4>"#)
        #expect(html.contains(#"<h3 id="user-content-Topsection">T</h3>"#))
        #expect(html.contains(#"<a name="user-content-install">i</a>"#))
        #expect(html.contains(#"<a id="user-content-x">x</a>"#))
        #expect(html.contains(#"<h4 id="user-content-fallback-title">Fallback Title</h4>"#))
    }

    @Test func headingAnchorsKeepNonLatinLetters() {
        let html = render("## Установка и запуск\n\n## Instalacja")
        #expect(html.contains(#"<h2 id="user-content-установка-и-запуск">"#))
        #expect(html.contains(#"<h2 id="user-content-instalacja">"#))
    }

    @Test func commentsDoctypesAndProcessingInstructionsLeaveNothing() {
        #expect(sanitize("<!doctype html><?xml version=\"1.0\"?>a<!-- hidden -->b<!-->c<!--->d</ >e") == "abcde")
        #expect(sanitize("a<!-- never closed <b>bold</b>") == "a")
    }

    @Test func aLessThanThatStartsNoTagIsText() {
        #expect(sanitize("1 < 2 and 3 <= 4, a <3 b, x< y") == "1 &lt; 2 and 3 &lt;= 4, a &lt;3 b, x&lt; y")
    }

    @Test func linksWithoutAnAllowedTargetLoseTheElementNotTheText() {
        #expect(sanitize(#"<a href="">empty</a> <a href="ftp://x.example">ftp</a> <a>plain</a>"#)
            == "empty ftp <a>plain</a>")
    }

    @Test func protocolRelativeAndBackslashAddressesStayOnHttp() {
        let html = sanitize(#"<a href="//cdn.example/x">cdn</a> <a href="\\evil.example">bs</a>"#)
        #expect(html.contains(#"<a href="https://cdn.example/x" rel="nofollow noopener noreferrer">cdn</a>"#))
        #expect(html.contains(#"<a href="https://github.com/octo/hello/blob/main/%5C%5Cevil.example" rel="nofollow noopener noreferrer">bs</a>"#))
    }

    @Test func sanitizedHTMLIsAValue() {
        let first = HTMLSanitizer.sanitize("<b>x</b>", links: Fixtures.proxiedLinks)
        let second = HTMLSanitizer.sanitize("<b >x</B>", links: Fixtures.proxiedLinks)
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
    }

    @Test func outputIsWellFormedForBrokenInput() {
        for input in ["<div><p><ul><li><table><tr><td><a href=#x><b>", "</b></i></p></div></table>", "<p><p><p>",
                      "<li><li><ol><li><ul>", "<h1><h2><h3>", "<details><summary><summary>", "<span><div><span>"] {
            expectSafe(sanitize(input), input)
        }
    }
}
