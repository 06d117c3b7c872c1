import Foundation
import Testing
import SafeMarkdown

/// Our corpus (Fixtures/*.md) rendered by SafeMarkdown against what Debian's `cmark-gfm` program
/// printed for the same file (Fixtures/*.cmark.html, written by scripts/make-markdown-fixtures.sh),
/// after our allow-list: the same elements, attributes and text, in the same order.
///
/// The comparison is on structure, one tag or one run of text per line, because the two differ in
/// what no reader sees: cmark-gfm writes line breaks between blocks, and our task-list items carry
/// a class and a disabled checkbox, which the allow-list removes from cmark-gfm's output.
@Suite("Against cmark-gfm's own output")
struct MarkdownFixtureTests {
    static let names: [String] = {
        let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.names.count >= 7)
    }

    @Test(arguments: names)
    func rendersAsCmarkGFMDoesAfterTheAllowList(_ name: String) throws {
        let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        let markdown = try String(contentsOf: folder.appendingPathComponent(name + ".md"), encoding: .utf8)
        let cmarkHTML = try String(contentsOf: folder.appendingPathComponent(name + ".cmark.html"), encoding: .utf8)
        let ours = render(markdown)
        #expect(Self.structure(of: ours) == Self.structure(of: sanitize(cmarkHTML)))
        expectSafe(ours, name)
    }

    /// One line per tag (the checkbox and the task-list class left out) and per run of text
    /// (whitespace collapsed; runs of whitespace alone left out).
    static func structure(of markup: String) -> [String] {
        var lines: [String] = []
        var rest = Substring(markup)
        while !rest.isEmpty {
            if rest.first == "<", let close = rest.firstIndex(of: ">") {
                let tag = String(rest[...close]).replacingOccurrences(of: #" class="task-list-item""#, with: "")
                if !tag.hasPrefix("<input") { lines.append(tag) }
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(of: "<") ?? rest.endIndex
                let text = rest[..<end].split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !text.isEmpty { lines.append(text) }
                rest = rest[end...]
            }
        }
        return lines
    }
}
