import CodeHighlighting
import Foundation
import Testing

/// Each language issue 49 lists, through the real library and definitions: a keyword, a string and
/// a comment come out in their classes.
@Suite("Highlighting each language")
struct LanguageSampleTests {
    let highlighter = SyntaxHighlighter(limits: HighlightLimits(timeBudget: .seconds(60)))

    @Test("a sample's keyword, string and comment come out in their classes", arguments: languageSamples)
    func sample(_ sample: LanguageSample) throws {
        let file = try highlighter.highlightBlocking(sample.source, fileName: sample.fileName)
        #expect(file.language != nil)
        #expect(file.cutAtLine == nil && file.plainLineCount == 0)
        let segments = file.lines.flatMap(\.segments)
        for (text, tokenClass) in sample.expected {
            let found = segments.first { $0.text.trimmingCharacters(in: .whitespaces) == text }
                ?? segments.first { $0.text.contains(text) }
            #expect(found?.tokenClass == tokenClass, "\(text) in \(sample.fileName): \(segments.map { "\($0.text)=\($0.tokenClass?.rawValue ?? "plain")" })")
        }
    }

    @Test("the lines' text is the file's text, line by line", arguments: languageSamples)
    func textKept(_ sample: LanguageSample) throws {
        let file = try highlighter.highlightBlocking(sample.source, fileName: sample.fileName)
        #expect(file.lines.map(\.text) == sample.source.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    @Test("every language we name has a definition that loads, Debian's or ours")
    func definitionsLoad() {
        let languages: [SourceLanguage] = [
            .c, .cPlusPlus, .java, .javaScript, .python, .go, .rust, .ruby, .shell, .zsh, .json, .html, .css, .sql,
            .makefile, .xml, .perl, .ini, .diff, .swift, .objectiveC, .kotlin, .typeScript, .yaml, .markdown, .dockerfile,
        ]
        for language in languages {
            #expect(SyntaxHighlighter.canLoad(language), "\(language.definition)")
        }
        #expect(!SyntaxHighlighter.canLoad(SourceLanguage(name: "None", definition: "no-such.lang", isBundled: true)))
    }

    @Test("a state the text opens goes on over the next lines, and a Rust raw string ends at its own delimiter")
    func statesAcrossLines() throws {
        let swift = try highlighter.highlightBlocking("/* one\ntwo */ let x = 1\nlet s = \"\"\"\n  \"quoted\"\n  \"\"\"\n", fileName: "a.swift")
        #expect(swift.lines[1].segments.first == .init(text: "two */", tokenClass: .comment))
        #expect(swift.lines[1].segments.contains(.init(text: "let", tokenClass: .keyword)))
        #expect(swift.lines[3].segments == [.init(text: "  \"quoted\"", tokenClass: .string)])
        let rust = try highlighter.highlightBlocking("let s = r##\"a \"# b\"##; let n = 1;\n", fileName: "a.rs")
        #expect(rust.lines[0].segments.contains(.init(text: "r##\"a \"# b\"##", tokenClass: .string)))
        #expect(rust.lines[0].segments.filter { $0.text == "let" }.allSatisfy { $0.tokenClass == .keyword })
    }

    @Test("a line of many strings: each is a string and the code between them is not, as the states alternate")
    func manyStates() throws {
        let line = (0..<300).map { "f(`t\($0)`, 'c', x\($0))" }.joined(separator: "; ")
        let wide = SyntaxHighlighter(limits: HighlightLimits(maximumLineBytes: 20_000, timeBudget: .seconds(60)))
        let file = try wide.highlightBlocking(line, fileName: "a.ts")
        let segments = try #require(file.lines.first).segments
        #expect(segments.filter { $0.tokenClass == .string }.count == 600)
        #expect(segments.filter { $0.tokenClass == .function }.count == 300)
        #expect(segments.contains(.init(text: "`t299`", tokenClass: .string)))
    }
}
