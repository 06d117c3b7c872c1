import Testing
@testable import WebShell

@Suite("HTML builder")
struct HTMLTests {
    static let hostile = #"<script>alert("x")</script> & 'quoted' — Лада «Нива»"#

    @Test("text is escaped: & < > \" ' become entities, everything else passes as UTF-8")
    func textIsEscaped() {
        let html = HTML.p { Self.hostile }.rendered()
        #expect(html == "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; — Лада «Нива»</p>")
    }

    @Test("attribute values are escaped the same way, so a value cannot close its quotes")
    func attributesAreEscaped() {
        let html = HTML.a(.href(#"/x" onclick="evil()"#), .ariaLabel("a'b<c>")) { "go" }.rendered()
        #expect(html == #"<a href="/x&quot; onclick=&quot;evil()" aria-label="a&#39;b&lt;c&gt;">go</a>"#)
    }

    @Test("nil values and false flags leave attributes out; true flags are bare")
    func optionalAttributes() {
        let html = HTML.input(.type("text"), .value(nil), .flag("required"), .flag("disabled", when: false),
                              .attr("aria-invalid", "true", when: false), .attr("maxlength", "6")).rendered()
        #expect(html == #"<input type="text" required maxlength="6">"#)
    }

    @Test("if, if-let, switch and for build what they say, in order")
    func controlFlow() {
        let items = ["a", "b"]
        let missing: String? = nil
        let present: String? = "p"
        let html = HTML.ul {
            for item in items {
                HTML.li { item }
            }
            if items.isEmpty {
                HTML.li { "empty" }
            } else {
                HTML.li { "\(items.count)" }
            }
            if let missing { HTML.li { missing } }
            if let present { HTML.li { present } }
            switch items.count {
            case 2: HTML.li { "two" }
            default: HTML.li { "other" }
            }
        }.rendered()
        #expect(html == "<ul><li>a</li><li>b</li><li>2</li><li>p</li><li>two</li></ul>")
    }

    @Test("trusted markup is written as it is; it only takes literals")
    func trusted() {
        let html = HTML.span { HTML.trusted("<b>bold</b>"); "<b>" }.rendered()
        #expect(html == "<span><b>bold</b>&lt;b&gt;</span>")
    }

    @Test("void elements have no end tag; empty containers do")
    func voidElements() {
        #expect(HTML.img(.attr("alt", "")).rendered() == #"<img alt="">"#)
        #expect(HTML.div().rendered() == "<div></div>")
        #expect(HTML.empty.rendered().isEmpty)
    }

    @Test("escaping keeps multi-byte text intact around entities at every position")
    func escapingBoundaries() {
        for text in ["&", "&&", "a&", "&a", "ж&ж", "😀<😀>", "", "plain"] {
            let expected = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            var writer = HTMLWriter(capacity: 8)
            writer.escape(text)
            #expect(writer.string == expected)
        }
    }
}
