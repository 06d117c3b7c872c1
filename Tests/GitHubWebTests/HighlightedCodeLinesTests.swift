import CodeHighlighting
import GitHub
@testable import GitHubWeb
import Testing

/// The highlighter behind the code view's seam (issue 49): one line per `SourceLines.split` line
/// whatever the text's breaks, and plain lines when the highlighter's count would not agree.
@Suite("Highlighted code lines (issue 49)")
struct HighlightedCodeLinesTests {
    static let renderer = HighlightedCodeLines(highlighter: SyntaxHighlighter(lanes: 1))

    @Test("as many lines as SourceLines.split, for CRLF, a final break, none, blank lines and an empty file",
          arguments: [
              "let a = 1\nlet b = 2\n", "let a = 1\r\nlet b = 2\r\n", "let a = 1\nlet b = 2", "", "\n", "\r\n", "\n\n\n",
              "let a = 1\r\n\r\nlet b = 2", "let a = \"x\r\"\nlet b = 2\r", "// é\u{301} 😀\r\n\r\n",
          ])
    func agreesWithSplit(_ text: String) async throws {
        let coloured = await Self.renderer.lines(of: text, fileName: "main.swift")
        let plain = SourceLines.split(text)
        #expect(coloured.lines.count == plain.count)
        #expect(coloured.cutAtLine == nil)
        let highlighted = try SyntaxHighlighter(lanes: 1).highlightBlocking(text, fileName: "main.swift")
        #expect(highlighted.lines.map(\.text) == plain.map(String.init))
    }

    @Test("a keyword in its class, the rest escaped; no carriage return left in a CRLF file")
    func colours() async {
        let lines = await Self.renderer.lines(of: "let x = \"<b>\"\r\n", fileName: "main.swift").lines
        #expect(lines.count == 1)
        #expect(lines[0].markup.hasPrefix(#"<span class="hl-k">let</span>"#))
        #expect(lines[0].markup.contains("&lt;b&gt;"))
        #expect(!lines[0].markup.contains("\r"))
    }

    @Test("a file of no known language comes back plain, escaped")
    func unknownLanguage() async {
        let lines = await Self.renderer.lines(of: "let <x>\n", fileName: "notes.unknown-kind").lines
        #expect(lines == [GitHubWeb.HighlightedLine(plain: "let <x>")])
    }

    @Test("a file over the highlighter's size limit comes back plain, line by line")
    func refusedFile() async {
        let renderer = HighlightedCodeLines(highlighter: SyntaxHighlighter(limits: HighlightLimits(maximumFileBytes: 8), lanes: 1))
        let lines = await renderer.lines(of: "let a = 1\nlet b = 2\n", fileName: "main.swift")
        #expect(lines == CodeLines.plain("let a = 1\nlet b = 2\n"))
    }

    @Test("lines that disagree in number with SourceLines.split are not used")
    func disagreement() {
        let file = HighlightedFile(language: .swift, lines: [.plain("one line")], cutAtLine: nil, plainLineCount: 0)
        #expect(HighlightedCodeLines.agreeing(file, with: "one\ntwo\n") == nil)
        #expect(HighlightedCodeLines.agreeing(file, with: "one line\n")?.lines.count == 1)
    }

    @Test("a cut at a time budget is passed on to the page")
    func cut() async {
        let renderer = HighlightedCodeLines(highlighter: SyntaxHighlighter(limits: HighlightLimits(timeBudget: .zero), lanes: 1))
        let coloured = await renderer.lines(of: "let a = 1\nlet b = 2\nlet c = 3\n", fileName: "main.swift")
        #expect(coloured.lines.count == 3)
        #expect(coloured.cutAtLine == 1)
    }
}
