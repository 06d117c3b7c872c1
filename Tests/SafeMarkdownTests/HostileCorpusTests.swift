import Testing
import SafeMarkdown

/// A README is written by whoever owns the repository. These inputs, in the spirit of the OWASP
/// XSS filter evasion cheat sheet, try to get script, event handlers, dangerous URLs, styles or
/// foreign elements into our page. Each goes through the Markdown renderer and through the
/// sanitizer alone; the independent `OutputInspector` checks every output.
@Suite("Hostile corpus")
struct HostileCorpusTests {
    struct HostileCase: CustomTestStringConvertible, Sendable {
        var name: String
        var input: String
        /// Text a reader must still see.
        var keeps: [String] = []
        /// Text that must be gone with the element that carried it.
        var drops: [String] = []
        var testDescription: String { name }
    }

    static let cases: [HostileCase] = [
        HostileCase(name: "script element", input: "<script>alert(1)</script>after", keeps: ["after"], drops: ["alert"]),
        HostileCase(name: "uppercase script with src", input: #"<SCRIPT SRC="http://xss.rocks/xss.js"></SCRIPT>after"#, keeps: ["after"]),
        HostileCase(name: "script with slash attribute", input: #"<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>ok"#, keeps: ["ok"]),
        HostileCase(name: "img onerror", input: "<img src=x onerror=alert(1)>"),
        HostileCase(name: "img onerror with backticks", input: "<img src=`x` onerror=`alert(1)`>"),
        HostileCase(name: "uppercase javascript img src", input: "<IMG SRC=JaVaScRiPt:alert('XSS')>"),
        HostileCase(name: "img javascript src", input: #"<img src="javascript:alert(1)" alt="pic">"#, keeps: ["pic"]),
        HostileCase(name: "img srcset", input: #"<img srcset="javascript:alert(1) 1x" src="https://ok.example/x.png">"#),
        HostileCase(name: "markdown javascript link", input: "[click](javascript:alert(1))", keeps: ["click"]),
        HostileCase(name: "markdown mixed-case javascript link", input: "[click](JaVaScRiPt:alert(1))", keeps: ["click"]),
        HostileCase(name: "markdown tab-encoded javascript link", input: "[click](java&#x09;script:alert(1))", keeps: ["click"]),
        HostileCase(name: "markdown entity-encoded javascript link", input: "[click](&#106;avascript:alert(1))", keeps: ["click"]),
        HostileCase(name: "markdown space before javascript", input: "[click]( javascript:alert(1))", keeps: ["click"]),
        HostileCase(name: "markdown angle javascript destination", input: "[click](<javascript:alert(1)>)", keeps: ["click"]),
        HostileCase(name: "markdown vbscript link", input: "[click](vbscript:msgbox(1))", keeps: ["click"]),
        HostileCase(name: "markdown data link", input: "[click](data:text/html,<script>alert(1)</script>)", keeps: ["click"]),
        HostileCase(name: "markdown javascript image", input: "![pic](javascript:alert(1))", keeps: ["pic"]),
        HostileCase(name: "markdown title breaking out of quotes",
                    input: #"[x](https://ok.example "a" onmouseover="alert(1)")"#, keeps: ["x"]),
        HostileCase(name: "markdown destination breaking out of quotes", input: #"[y](" onclick="alert(1))"#, keeps: ["y"]),
        HostileCase(name: "anchor javascript", input: #"<a href="javascript:alert(1)">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor leading space", input: #"<a href=" javascript:alert(1)">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor raw tab", input: "<a href=\"jav\tascript:alert(1)\">x</a>", keeps: ["x"]),
        HostileCase(name: "anchor newline entity", input: #"<a href="java&#x0A;script:alert(1)">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor hex entity", input: #"<a href="&#x6A;avascript:alert(1)">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor decimal entity without semicolon", input: #"<a href="&#106avascript:alert(1)">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor padded decimal entities",
                    input: #"<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>"#,
                    keeps: ["x"]),
        HostileCase(name: "anchor hex entities without semicolons",
                    input: #"<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor named colon entity", input: #"<a href="javascript&colon;alert(1)">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor data with colon entity", input: #"<a href="data&colon;text/html,x">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor vbscript", input: #"<a href="vbscript:msgbox(1)">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor data html",
                    input: #"<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>"#, keeps: ["x"]),
        HostileCase(name: "anchor with onclick", input: #"<a href="https://ok.example" onclick="alert(1)">ok</a>"#, keeps: ["ok"]),
        HostileCase(name: "xlink href", input: #"<a xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript:alert(1)">x</a>"#,
                    keeps: ["x"]),
        HostileCase(name: "svg onload", input: "<svg onload=alert(1)>", drops: ["alert"]),
        HostileCase(name: "svg with script", input: "<svg><script>alert(1)</script></svg>after", keeps: ["after"], drops: ["alert"]),
        HostileCase(name: "svg style mutation", input: "<svg><style></svg><img src=x onerror=alert(1)>"),
        HostileCase(name: "iframe", input: #"<iframe src="javascript:alert(1)"></iframe>after"#, keeps: ["after"]),
        HostileCase(name: "style element", input: "<style>body{background:url(javascript:alert(1))}</style>after",
                    keeps: ["after"], drops: ["background"]),
        HostileCase(name: "style attribute with url", input: #"<div style="background:url(javascript:alert(1))">text</div>"#, keeps: ["text"]),
        HostileCase(name: "style attribute with expression", input: #"<p style="width: expression(alert(1))">text</p>"#, keeps: ["text"]),
        HostileCase(name: "math mutation", input: "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"),
        HostileCase(name: "object", input: #"<object data="javascript:alert(1)">fallback</object>after"#, keeps: ["after"]),
        HostileCase(name: "embed", input: #"<embed src="javascript:alert(1)">after"#, keeps: ["after"]),
        HostileCase(name: "form input and button formaction",
                    input: #"<form action="javascript:alert(1)"><input type=submit><button formaction=javascript:alert(1)>go</button></form>after"#,
                    keeps: ["after"]),
        HostileCase(name: "base href", input: #"<base href="javascript:alert(1)//">after"#, keeps: ["after"]),
        HostileCase(name: "meta refresh", input: #"<meta http-equiv="refresh" content="0;url=javascript:alert(1)">after"#, keeps: ["after"]),
        HostileCase(name: "link stylesheet", input: #"<link rel=stylesheet href="javascript:alert(1)">after"#, keeps: ["after"]),
        HostileCase(name: "comment hiding a script", input: "<!--<script>alert(1)</script>-->after", keeps: ["after"], drops: ["alert"]),
        HostileCase(name: "abruptly closed comment", input: "<!--><script>alert(1)</script>after", keeps: ["after"], drops: ["alert"]),
        HostileCase(name: "CDATA section", input: "<![CDATA[<script>alert(1)</script>]]>after", keeps: ["after"]),
        HostileCase(name: "double open angle", input: "<<script>alert(1)//<</script>after", keeps: ["after"]),
        HostileCase(name: "unclosed img tag at the end", input: #"text <img src="x" onerror="alert(1)""#, keeps: ["text"]),
        HostileCase(name: "unquoted unclosed onerror", input: "<img src=x onerror=alert(1)//"),
        HostileCase(name: "closing script inside text", input: "text </script><script>alert(1)</script> more", keeps: ["text", "more"]),
        HostileCase(name: "body onload", input: "<body onload=alert(1)>hi</body>", keeps: ["hi"]),
        HostileCase(name: "odd characters before the handler", input: #"<BODY onload!#$%&()*~+-_.,:;?@[/|\]^`=alert("XSS")>hi"#, keeps: ["hi"]),
        HostileCase(name: "quotes closing the img", input: #"<IMG """><SCRIPT>alert("XSS")</SCRIPT>">after"#, keeps: ["after"]),
        HostileCase(name: "details ontoggle", input: "<details open ontoggle=alert(1)><summary>s</summary>b</details>", keeps: ["s", "b"]),
        HostileCase(name: "noscript mutation", input: #"<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>after"#),
        HostileCase(name: "template", input: "<template><script>alert(1)</script></template>after", keeps: ["after"]),
        HostileCase(name: "textarea", input: "<textarea><script>alert(1)</script></textarea>after", keeps: ["after"]),
        HostileCase(name: "title", input: "<title><script>alert(1)</script></title>after", keeps: ["after"]),
        HostileCase(name: "xmp", input: "<xmp><script>alert(1)</script></xmp>after", keeps: ["after"]),
        HostileCase(name: "plaintext", input: "before<plaintext><script>alert(1)", keeps: ["before"]),
        HostileCase(name: "select", input: "<select><option><script>alert(1)</script></select>after", keeps: ["after"]),
        HostileCase(name: "null byte in tag name", input: "<scr\u{0}ipt>alert(1)</script>"),
        HostileCase(name: "null byte in javascript URL", input: "<a href=\"java\u{0}script:alert(1)\">x</a>", keeps: ["x"]),
        HostileCase(name: "autolink with quotes", input: #"<https://ok.example/" onmouseover="alert(1)>"#),
        HostileCase(name: "anchor with protocol-relative backslash", input: #"<a href="/\evil.example">x</a>"#, keeps: ["x"]),
        HostileCase(name: "id clobbering", input: #"<h2 id="csrf-token">x</h2><a name="location">y</a>"#, keeps: ["x", "y"]),
    ]

    /// GitHub's tagfilter shows these tags as text, so what they enclose stays visible as text.
    static let tagsShownAsText = ["<script", "<style", "<textarea", "<title", "<xmp", "<iframe", "<noembed", "<noframes", "<plaintext"]

    @Test(arguments: cases)
    func renderedMarkdownIsSafe(_ hostile: HostileCase) {
        var expected = hostile
        if Self.tagsShownAsText.contains(where: { hostile.input.lowercased().contains($0) }) {
            expected.drops = []
        }
        check(render(hostile.input), expected)
    }

    @Test func everyGeneratedDocumentIsSafeAndKeepsTheTextAfterItsPayload() {
        let documents = HostileCorpusGenerator.documents
        #expect(documents.count >= 300)
        for document in documents {
            let html = render(document.markdown)
            expectSafe(html, document.name + ": " + document.markdown)
            if !document.hidesTheRest {
                #expect(visibleText(html).contains(HostileCorpusGenerator.sentinel), "\(document.name) lost the text after it: \(html)")
            }
        }
    }

    @Test(arguments: cases)
    func sanitizedHTMLIsSafe(_ hostile: HostileCase) {
        check(sanitize(hostile.input), hostile)
    }

    @Test func theCorpusIsLargeEnough() {
        #expect(Self.cases.count >= 40)
    }

    private func check(_ html: String, _ hostile: HostileCase, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSafe(html, hostile.name, sourceLocation: sourceLocation)
        let text = visibleText(html)
        for kept in hostile.keeps {
            #expect(text.contains(kept), "\(hostile.name): lost \(kept) in \(html)", sourceLocation: sourceLocation)
        }
        for dropped in hostile.drops {
            #expect(!text.contains(dropped), "\(hostile.name): kept \(dropped) in \(html)", sourceLocation: sourceLocation)
        }
    }
}
