import CodeHighlighting
import Foundation
import Testing

/// A line's HTML is safe by construction (issue 49): all text escaped, the only markup our spans.
@Suite("HTML of a highlighted line")
struct EscapingTests {
    let highlighter = SyntaxHighlighter(limits: HighlightLimits(timeBudget: .seconds(60)))

    /// The markup with our own `<span class="hl-…">` and `</span>` taken out.
    func withoutOurSpans(_ html: String) -> String {
        var rest = html.replacingOccurrences(of: "</span>", with: "")
        for tokenClass in TokenClass.allCases {
            rest = rest.replacingOccurrences(of: "<span class=\"\(tokenClass.cssClass)\">", with: "")
        }
        return rest
    }

    @Test("HTML's special characters in code, strings and comments are escaped, in every language", arguments: [
        ("a.swift", #"let s = "<script>alert('x') && 1 > 0</script>" // <b>&amp;"#),
        ("a.html", #"<a href="x" onclick='y'>&lt;</a><!-- <script> -->"#),
        ("a.md", #"# <img src=x onerror="y"> `<b>` [a](javascript:'x')"#),
        ("a.unknown", #"<script>"&'</script>"#),
    ])
    func escaped(fileName: String, code: String) throws {
        let line = try #require(try highlighter.highlightBlocking(code, fileName: fileName).lines.first)
        let rest = withoutOurSpans(line.html)
        #expect(!rest.contains("<") && !rest.contains(">") && !rest.contains("\"") && !rest.contains("'"))
        let unescaped = rest.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        #expect(unescaped == code)
    }

    @Test("a token's span has its class, and plain text has none")
    func spans() throws {
        let line = try #require(try highlighter.highlightBlocking("let x = 1", fileName: "a.swift").lines.first)
        #expect(line.html == #"<span class="hl-k">let</span> x <span class="hl-o">=</span> <span class="hl-n">1</span>"#)
    }

    @Test("characters beyond ASCII stay whole, and an empty line is empty")
    func unicode() throws {
        let code = "let naïve = \"日本語 🇵🇱\" // żółw\n\nvar x = 1"
        let file = try highlighter.highlightBlocking(code, fileName: "a.swift")
        #expect(file.lines.map(\.text) == ["let naïve = \"日本語 🇵🇱\" // żółw", "", "var x = 1"])
        #expect(file.lines[0].segments.contains(.init(text: "\"日本語 🇵🇱\"", tokenClass: .string)))
        #expect(file.lines[0].segments.contains(.init(text: "// żółw", tokenClass: .comment)))
        #expect(file.lines[1].segments.isEmpty && file.lines[1].html.isEmpty)
    }
}
