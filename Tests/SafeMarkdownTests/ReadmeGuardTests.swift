import Foundation
import Testing
@testable import SafeMarkdown

/// The caps applied before cmark-gfm parses (`NestingGuard`, `TableGuard`, `InlineGuard`, issue
/// 22): past each one the README still comes out complete and safe, and below them a README is
/// not touched. Their time is measured in `benchmarks/` (`readme-render-benchmark worst`).
@Suite("README guards")
struct ReadmeGuardTests {
    // MARK: - Real READMEs are untouched

    static let benchmarkReadmes: [(name: String, text: String)] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../benchmarks/readmes").standardizedFileURL
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { name in
            (name, (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "")
        }
    }()

    @Test func theBenchmarkReadmesAreAllThere() {
        #expect(Self.benchmarkReadmes.count == 30)
        #expect(Self.benchmarkReadmes.allSatisfy { $0.text.utf8.count > 1_000 })
    }

    /// Every guard leaves the 30 READMEs of `benchmarks/readmes` byte for byte as they are, so
    /// they render exactly as they did before the guards.
    @Test(arguments: benchmarkReadmes.map(\.name))
    func aBenchmarkReadmePassesEveryGuardUnchanged(_ name: String) throws {
        let text = try #require(Self.benchmarkReadmes.first { $0.name == name }?.text)
        let bytes = Array(text.utf8)
        #expect(NestingGuard.guarded(bytes) == nil)
        #expect(TableGuard.guarded(bytes) == nil)
        #expect(InlineGuard.guarded(bytes) == nil)
        #expect(MarkdownSource.prepared(text) == text)
    }

    // MARK: - Markers on one line

    @Test func aLineKeepsItsFirst32QuoteMarkers() {
        let line = String(repeating: ">", count: 40) + " deep"
        #expect(MarkdownSource.prepared(line) == String(repeating: ">", count: 32) + " deep")
        let html = render(line)
        #expect(html == String(repeating: "<blockquote>", count: 32) + "deep" + String(repeating: "</blockquote>", count: 32))
        #expect(MarkdownSource.prepared(String(repeating: "> ", count: 32) + "x") == String(repeating: "> ", count: 32) + "x")
    }

    @Test func nestedListMarkersOnOneLineAreCutAndKeepTheText() {
        let html = render(String(repeating: "- ", count: 1_000) + "the text")
        #expect(html.components(separatedBy: "<ul>").count - 1 == 16, "16 lists and their 16 items fill the 32 levels")
        #expect(visibleText(html) == "the text")
        expectSafe(html)
        let mixed = render(String(repeating: "> 1. ", count: 1_000) + "mixed")
        #expect(visibleText(mixed) == "mixed")
        #expect(mixed.hasPrefix("<blockquote><ol><li><blockquote>"))
        expectSafe(mixed)
    }

    @Test func aLongThematicBreakStaysOne() {
        #expect(render(String(repeating: "- ", count: 50) + "-") == "<hr>")
        #expect(render(String(repeating: "* ", count: 50)) == "<hr>")
    }

    @Test func markersInFencedCodeAreKept() {
        let arrows = String(repeating: ">", count: 40)
        let html = render("```\n" + arrows + "\n```\n\n~~~\n" + arrows + "\n~~~")
        #expect(html == "<pre><code>" + String(repeating: "&gt;", count: 40) + "\n</code></pre>"
            + "<pre><code>" + String(repeating: "&gt;", count: 40) + "\n</code></pre>")
    }

    // MARK: - Tables

    @Test func aTablePastTheCellBudgetKeepsTheRowsThatFitAndTheRestAsText() {
        let rows = 15_000
        let markdown = "n|x\n-|-\n" + (0..<rows).map { "r\($0)|y\n" }.joined()
        let html = render(markdown)
        let fitting = ReadmeLimits.maximumTableCells / 2 - 1
        #expect(html.components(separatedBy: "<tr>").count - 1 == 1 + fitting)
        let (table, after) = split(html, at: "</table>")
        #expect(table.contains("<td>r\(fitting - 1)</td>"))
        #expect(after.hasPrefix("<p>r\(fitting)|y\nr\(fitting + 1)|y"))
        #expect(after.hasSuffix("r\(rows - 1)|y</p>"))
        expectSafe(html)
    }

    @Test func aCutTableInAQuoteStaysInTheQuote() {
        let markdown = "> n|x\n> -|-\n" + String(repeating: "> c|d\n", count: 12_000) + "\nafter"
        let html = render(markdown)
        #expect(html.hasPrefix("<blockquote><table>"))
        #expect(html.contains("</table><p>c|d\nc|d"))
        #expect(html.hasSuffix("c|d</p></blockquote><p>after</p>"))
    }

    @Test func tablesShareOneBudget() {
        let table = "a|b\n-|-\n" + String(repeating: "c|d\n", count: 6_000)
        let html = render(table + "\n" + table)
        let tables = html.components(separatedBy: "<table>").dropFirst()
        #expect(tables.count == 2)
        #expect(tables.first?.components(separatedBy: "<tr>").count == 6_002)
        let secondRows = (ReadmeLimits.maximumTableCells - 2 * 6_001) / 2 - 1
        #expect(tables.last?.components(separatedBy: "<tr>").count == secondRows + 2)
    }

    @Test func aTableWhenTheBudgetIsSpentIsText() {
        let spent = "a|b\n-|-\n" + String(repeating: "c|d\n", count: ReadmeLimits.maximumTableCells / 2 - 1)
        let html = render(spent + "\nlast|table\n-|-\ne|f")
        #expect(html.components(separatedBy: "<table>").count == 2)
        #expect(html.hasSuffix("<p>last|table\n-|-\ne|f</p>"))
    }

    @Test func tablesInFencedCodeAreNotChargedNorChanged() {
        let code = "n|x\n-|-\n" + String(repeating: "c|d\n", count: 15_000)
        let html = render("```\n" + code + "```\n\n" + "a|b\n-|-\n" + String(repeating: "e|f\n", count: 9_000))
        #expect(html.hasPrefix("<pre><code>" + code + "</code></pre><table>"))
        #expect(html.components(separatedBy: "<td>e</td>").count == 9_001)
    }

    // MARK: - Delimiters, openers and tags

    @Test func emphasisPastTheCapIsText() {
        let pairs = 15_000
        let html = render(String(repeating: "*a* ", count: pairs) + "`x*y_z`")
        let emphasized = ReadmeLimits.maximumDelimiterRuns / 2
        #expect(html.components(separatedBy: "<em>a</em>").count - 1 == emphasized)
        #expect(html.contains("<em>a</em> *a* *a*"))
        #expect(html.hasSuffix(" *a* <code>x*y_z</code></p>"))
        #expect(!html.contains("\\"))
        #expect(visibleText(html).filter { $0 == "a" }.count == pairs)
    }

    @Test func snakeCaseNamesPastTheCapKeepTheirUnderscores() {
        let html = render(String(repeating: "snake_case_name ", count: 12_000))
        #expect(visibleText(html) == String(repeating: "snake_case_name ", count: 12_000).trimmingCharacters(in: .whitespaces))
        #expect(!html.contains("<em>"))
    }

    @Test func linksPastTheCapAreText() {
        let links = 12_000
        let html = render((0..<links).map { "[l\($0)](https://example.com/\($0)) " }.joined())
        let cap = ReadmeLimits.maximumLinkOpeners
        #expect(html.components(separatedBy: "\">l").count - 1 == cap, "links with their text")
        // Past the cap the text is shown as written; its address is still a bare-URL autolink.
        let lastLink = #"rel="nofollow noopener noreferrer">l\#(cap - 1)</a> [l\#(cap)](<a href="https://example.com/\#(cap)""#
        #expect(html.contains(lastLink))
        #expect(!html.contains("\\"))
        expectSafe(html)
    }

    @Test func imagesPastTheCapAreText() {
        let html = render(String(repeating: "![a](b.png) ", count: ReadmeLimits.maximumLinkOpeners + 5))
        #expect(html.components(separatedBy: "<img ").count - 1 == ReadmeLimits.maximumLinkOpeners)
        #expect(html.hasSuffix(String(repeating: " ![a](b.png)", count: 5) + "</p>"))
    }

    @Test func rawTagsPastTheCapAreShownAsText() {
        let html = render(String(repeating: "<b>x</b> ", count: 12_000))
        #expect(html.components(separatedBy: "<b>x</b>").count - 1 == ReadmeLimits.maximumRawInlineTags / 2)
        #expect(html.hasSuffix("&lt;b&gt;x&lt;/b&gt;</p>"))
        #expect(!html.contains("\\"))
        expectSafe(html)
    }

    @Test func bulletsAndThematicBreaksAreNotDelimiters() {
        let bullets = String(repeating: "* item\n", count: 25_000)
        #expect(InlineGuard.guarded(Array(bullets.utf8)) == nil)
        let breaks = String(repeating: "***\n", count: 25_000)
        #expect(InlineGuard.guarded(Array(breaks.utf8)) == nil)
        #expect(render(String(repeating: "*a* ", count: 20_000) + "\n\n***\n\n___") .hasSuffix("</p><hr><hr>"))
    }

    @Test func markdownInsideATagIsNotCounted() {
        let tag = #"<img src="a_b_c.png" alt="*x* [y]">"#
        let bytes = Array(String(repeating: tag + " ", count: 15_000).utf8)
        #expect(InlineGuard.guarded(bytes) == nil, "15,000 tags are within the cap and what is inside them is not Markdown")
    }

    @Test func delimitersInCodeAreNotCounted() {
        let code = "```c\n" + String(repeating: "int **p = *q; a[i] = <b>;\n", count: 30_000) + "```\n"
        let spans = String(repeating: "`*p` `[i]` `<b>` ", count: 30_000)
        #expect(InlineGuard.guarded(Array((code + spans).utf8)) == nil)
    }

    private func split(_ html: String, at marker: String) -> (String, String) {
        guard let range = html.range(of: marker) else { return (html, "") }
        return (String(html[..<range.upperBound]), String(html[range.upperBound...]))
    }
}
