import CodeHighlighting
import Testing

/// Issue 49: "a pathological file cannot hold a server thread". Behaviour only, never timing.
@Suite("Highlighting's limits")
struct LimitsTests {
    let roomy = HighlightLimits(timeBudget: .seconds(60))

    @Test("a file over the size limit is refused, synchronously and asynchronously")
    func tooLarge() async {
        let highlighter = SyntaxHighlighter()
        let source = String(repeating: "let x = 1\n", count: 110_000)  // 1,100,000 bytes
        #expect(throws: HighlightRefusal.tooLarge(bytes: 1_100_000, limit: 1_048_576)) {
            try highlighter.highlightBlocking(source, fileName: "big.swift")
        }
        await #expect(throws: HighlightRefusal.tooLarge(bytes: 1_100_000, limit: 1_048_576)) {
            try await highlighter.highlight(source, fileName: "big.swift")
        }
        #expect(throws: Never.self) { try highlighter.highlightBlocking(String(source.prefix(1_048_576)), fileName: "big.swift") }
    }

    @Test("a line over the line limit comes out plain, and the lines after it are highlighted")
    func longLine() throws {
        let long = "let x = \"" + String(repeating: "<a>", count: 400) + "\""
        let file = try SyntaxHighlighter(limits: roomy).highlightBlocking("\(long)\nlet y = 2\n", fileName: "a.swift")
        #expect(file.lines[0] == .plain(long))
        #expect(file.lines[0].html.hasPrefix("let x = &quot;&lt;a&gt;"))
        #expect(file.lines[1].segments.first == .init(text: "let", tokenClass: .keyword))
        #expect(file.plainLineCount == 1 && file.cutAtLine == nil)
    }

    @Test("a name we do not know gives plain lines, escaped")
    func unknownLanguage() throws {
        let file = try SyntaxHighlighter().highlightBlocking("if <x> then\n  \"y\"\n", fileName: "notes.unknown-extension")
        #expect(file.language == nil)
        #expect(file.lines == [.plain("if <x> then"), .plain("  \"y\"")])
        #expect(file.lines[0].html == "if &lt;x&gt; then")
    }

    @Test("10,000 lines in give 10,000 lines out, with or without a final line break or CRLF")
    func tenThousandLines() throws {
        let lines = (0..<10_000).map { "    let value\($0) = compute(\($0)) // step \($0)" }
        let highlighter = SyntaxHighlighter(limits: roomy)
        for source in [lines.joined(separator: "\n"), lines.joined(separator: "\n") + "\n", lines.joined(separator: "\r\n") + "\r\n"] {
            let file = try highlighter.highlightBlocking(source, fileName: "Big.swift")
            #expect(file.lines.count == 10_000)
            #expect(file.cutAtLine == nil)
            #expect(file.lines[9_999].text == lines[9_999])
            #expect(file.lines[9_999].segments.last == .init(text: "// step 9999", tokenClass: .comment))
        }
        #expect(try highlighter.highlightBlocking("", fileName: "Empty.swift").lines.isEmpty)
        #expect(try highlighter.highlightBlocking("\n", fileName: "Blank.swift").lines == [.plain("")])
    }

    @Test("when the time budget runs out the rest comes out plain, and the result says where it was cut")
    func timeBudget() throws {
        let source = (0..<50).map { "let v\($0) = \($0)" }.joined(separator: "\n")
        let file = try SyntaxHighlighter(limits: HighlightLimits(timeBudget: .zero)).highlightBlocking(source, fileName: "a.swift")
        #expect(file.lines.count == 50)
        #expect(file.cutAtLine == 1)
        #expect(file.lines[0].segments.first?.tokenClass == .keyword)
        #expect(file.lines[1...].allSatisfy { $0.segments.count == 1 && $0.segments[0].tokenClass == nil })
        #expect(file.lines[49].text == "let v49 = 49")
    }

    /// Debian's C++ definition (its clike_vardeclaration.lang) backtracks over a long identifier
    /// until boost::regex gives up with its complexity error: the C++ exception is caught at the C
    /// boundary, the line comes out plain, and the next line is highlighted as usual.
    @Test("a line that makes the library's regex give up comes out plain, and highlighting goes on")
    func pathologicalRegex() throws {
        let limits = HighlightLimits(maximumLineBytes: 10_000, timeBudget: .seconds(60))
        let identifier = String(repeating: "x", count: 3_000)
        let source = "int a = 1;\n\(identifier)\nreturn 0; // done\n"
        let file = try SyntaxHighlighter(limits: limits).highlightBlocking(source, fileName: "a.cpp")
        #expect(file.lines.count == 3)
        #expect(file.lines[1] == .plain(identifier))
        #expect(file.plainLineCount == 1)
        #expect(file.lines[2].segments.first == .init(text: "return", tokenClass: .keyword))
        #expect(file.lines[2].segments.last == .init(text: "// done", tokenClass: .comment))
    }
}
