import Foundation
import Testing
import SafeMarkdown

/// Size and depth limits, the worst case of each shape at the 512 KB cap rendered completely
/// (their time is measured in `benchmarks/`, issue 22), and a deterministic fuzz over mutated
/// README and hostile inputs.
@Suite("Limits and fuzzing")
struct LimitsAndFuzzTests {
    @Test func aReadmeOverTheLimitIsCutAndStillRendered() {
        let paragraph = "Some text with a [link](https://example.com) and *emphasis*.\n\n"
        let markdown = String(repeating: paragraph, count: 600_000 / paragraph.utf8.count) + "THE-END-MARKER"
        #expect(markdown.utf8.count > SafeMarkdown.maximumMarkdownBytes)
        let html = render(markdown)
        #expect(html.hasPrefix("<p>Some text"))
        #expect(!html.contains("THE-END-MARKER"))
        expectSafe(html)
    }

    @Test func cuttingNeverSplitsACharacter() {
        let markdown = String(repeating: "a", count: SafeMarkdown.maximumMarkdownBytes - 1) + "żółw"
        let html = render(markdown)
        #expect(!html.contains("\u{FFFD}"))
        #expect(html.hasSuffix("a</p>"))
    }

    @Test func deepNestingIsFlattened() {
        let html = sanitize(String(repeating: "<div><span>", count: 5_000) + "deep" + String(repeating: "</span></div>", count: 5_000))
        #expect(maximumDepth(of: html) <= 32)
        #expect(visibleText(html) == "deep")
        expectSafe(html)
    }

    @Test func deeplyIndentedListsAreBounded() {
        let markdown = (0..<700).map { String(repeating: " ", count: $0) + "- item \($0)" }.joined(separator: "\n")
        let html = render(markdown)
        #expect(html.contains("item 699"))
        #expect(maximumDepth(of: html) <= 32)
        expectSafe(html)
    }

    // MARK: - The worst case of each shape at 512 KB (issue 22)

    static let cap = SafeMarkdown.maximumMarkdownBytes

    @Test func oneLongFenceIsOneCodeBlockWithEveryLine() {
        let lines = (Self.cap - 4) / 2
        let html = render("```\n" + String(repeating: "x\n", count: lines))
        #expect(html == "<pre><code>" + String(repeating: "x\n", count: lines) + "</code></pre>")
    }

    @Test func oneLongFenceOfEmptyLinesKeepsThem() {
        let html = render("```\n" + String(repeating: "\n", count: Self.cap - 4))
        #expect(html == "<pre><code>" + String(repeating: "\n", count: Self.cap - 4) + "</code></pre>")
    }

    @Test func aLongListHasEveryItem() {
        let items = Self.cap / "- item\n".utf8.count
        let html = render(String(repeating: "- item\n", count: items))
        #expect(html == "<ul>" + String(repeating: "<li>item</li>", count: items) + "</ul>")
    }

    @Test func aLongListOfIndentedFencesClosesEachOne() {
        let item = "1. Build:\n   ```sh\n   make\n   ```\n"
        let items = Self.cap / item.utf8.count
        let html = render(String(repeating: item, count: items))
        let expectedItem = #"<li>Build:<pre><code class="language-sh">make"# + "\n</code></pre></li>"
        #expect(html == "<ol>" + String(repeating: expectedItem, count: items) + "</ol>")
    }

    @Test func deepQuotesAreFlattenedAndKeepTheirText() {
        let html = render(String(repeating: ">", count: Self.cap - 5) + " deep")
        #expect(visibleText(html) == "deep")
        #expect(maximumDepth(of: html) <= 32)
        #expect(html.hasPrefix(String(repeating: "<blockquote>", count: 32) + "deep</blockquote>"))
        expectSafe(html)
    }

    @Test func manyBracketsAreText() {
        let html = render(String(repeating: "[", count: Self.cap))
        #expect(html == "<p>" + String(repeating: "[", count: Self.cap) + "</p>")
    }

    @Test func manyUnclosedLinksAndImagesAreText() {
        let links = String(repeating: "[a](", count: Self.cap / 4)
        #expect(render(links) == "<p>" + links + "</p>")
        let images = String(repeating: "![", count: Self.cap / 2)
        #expect(render(images) == "<p>" + images + "</p>")
    }

    @Test func manyStarsAreEmphasisOrText() {
        let pairs = Self.cap / 2
        let html = render(String(repeating: "*a", count: pairs))
        #expect(visibleText(html).filter { $0 != "*" } == String(repeating: "a", count: pairs))
        #expect(html.hasPrefix("<p><em>a</em>a<em>a</em>"))
        let stars = render("x " + String(repeating: "*", count: Self.cap - 2))
        #expect(stars == "<p>x " + String(repeating: "*", count: Self.cap - 2) + "</p>")
    }

    @Test func aTableTooWideForItsRowsStaysText() {
        let header = String(repeating: "|a", count: 5_000) + "|\n" + String(repeating: "|-", count: 5_000) + "|\n"
        let rows = String(repeating: "|b\n", count: (Self.cap - header.utf8.count) / 3)
        let html = render(header + rows)
        #expect(!html.contains("<table"))
        #expect(html.hasPrefix("<p>|a|a|a"))
        #expect(html.hasSuffix("|b</p>"))
    }

    @Test func aLongTableWithinTheBudgetIsATable() {
        let rows = 9_000
        let html = render("a|b\n-|-\n" + String(repeating: "c|d\n", count: rows))
        #expect(html.hasPrefix("<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody>"))
        #expect(html.components(separatedBy: "<td>c</td><td>d</td>").count == rows + 1)
    }

    /// Inputs that once hung or crashed a renderer: each comes out safe.
    @Test(arguments: [
        ("unclosed brackets", String(repeating: "[", count: 100_000)),
        ("unclosed images", "x " + String(repeating: "![", count: 50_000)),
        ("nested brackets", String(repeating: "[[[", count: 10) + String(repeating: "x", count: 50_000) + String(repeating: "]]]", count: 10)),
        ("ampersands", String(repeating: "&", count: 100_000)),
        ("angle brackets", "x " + String(repeating: "<a", count: 50_000)),
        ("unclosed destinations", String(repeating: "[a](", count: 30_000)),
        ("brackets hidden in code", String(repeating: "[`]`", count: 30_000)),
        ("brackets hidden in html", String(repeating: "[<b>]</b>", count: 15_000)),
        ("wide table", String(repeating: "|a", count: 20_000) + "|\n" + String(repeating: "|b|\n", count: 10_000)),
        ("unclosed paragraph tags", String(repeating: "<p ", count: 30_000)),
        ("escaped paragraph tags", String(repeating: "\\<p", count: 30_000)),
        ("nested divs", String(repeating: "<div>", count: 60_000)),
        ("nested emphasis", String(repeating: "*a **b ", count: 20_000)),
        ("backtick runs", (1...300).map { String(repeating: "`", count: $0) + "a" }.joined()),
    ])
    func pathologicalInputsComeOutSafe(_ name: String, _ markdown: String) {
        expectSafe(render(markdown), name, refusesSchemesAnywhere: false)
    }

    /// cmark-gfm's extension registry is shared by every parser: renders on many threads at once
    /// must give what one render alone gives.
    @Test func concurrentRendersGiveTheSameMarkup() async {
        let readme = "# T\n\n| a | b |\n|---|:-:|\n| 1 | ~~2~~ |\n\n- [x] done www.example.com\n\nx[^1]\n\n[^1]: n\n"
        let alone = render(readme)
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<200 { group.addTask { render(readme) } }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(results == [alone])
        #expect(alone.contains("<table>") && alone.contains("<del>2</del>") && alone.contains("task-list-item"))
    }

    @Test func fuzzedInputsNeverBreakTheOutput() {
        var random = SplitMix64(seed: 0x5AFE_4D0C)
        let seeds = FuzzCorpus.seeds
        for iteration in 0..<3_000 {
            let input = FuzzCorpus.mutated(seeds[random.next(below: seeds.count)], using: &random)
            expectSafe(render(input), "render #\(iteration): \(input.debugDescription)", refusesSchemesAnywhere: false)
            expectSafe(sanitize(input), "sanitize #\(iteration): \(input.debugDescription)", refusesSchemesAnywhere: false)
        }
    }

    private func maximumDepth(of html: String) -> Int {
        var depth = 0
        var deepest = 0
        for tag in OutputInspector(html).tags where !OutputInspector.voidElements.contains(tag.name) {
            depth += tag.isEnd ? -1 : 1
            deepest = max(deepest, depth)
        }
        return deepest
    }
}

/// A small deterministic random number generator, so a failing fuzz case can be replayed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

enum FuzzCorpus {
    static let seeds: [String] = [
        "# Title\n\nSome *em* and **strong** and ~~del~~ and `code <b>` & &amp; &copy; x < y.",
        "| Left | Center | Right |\n|:-----|:------:|------:|\n| a | b | c |",
        "```swift\nlet x = 1 < 2\n```\n\nafter",
        "- one\n- two\n  - nested\n    - deeper\n- three\n\n1. a\n2. b",
        "> quote\n> more\n\n---\n\n[abs](https://example.com) [rel](docs/a.md) [frag](#x)",
        "![img](a.png) [![badge](https://ci.example/b.svg)](https://ci.example) <https://auto.example>",
        "<details>\n<summary>More</summary>\n\nHidden **text**\n\n</details>",
        "<p align=\"center\"><img src=\"logo.png\" width=\"100\"></p>\n\n[ref][r]\n\n[r]: https://r.example",
        "---\ntitle: x\n---\n\nLine  \nbreak \\\nnext",
    ] + HostileCorpusTests.cases.map(\.input)

    static let atoms = [
        "<p", "<p>", "</p>", "<b>", "</b>", "<img src=x>", "<div>", "</div>", "<!--", "-->", "```", "```js", "\n```\n",
        "---\n", "- ", "  - ", "1. ", "> ", "# ", "| a | b |\n|---|:-:|\n", "[a](b)", "![a](b)", "][", "](", "&amp;",
        "&#", "&#x", "\\<p", "<https://x.example>", "<a@b.example>", "[r]: http://x.example\n", "[x][r]", "<details>",
        "<table><tr><td>", "<script>", "</script>", "javascript:", "\n\n", "    ", "\t", "**", "__", "~~", "<svg>",
        "<math>", "<![CDATA[", "<?", "<!doctype html>", "\\", "\"", "'", "`", "=", " onerror=", " style=",
    ]

    static let characters = Array("[]()<>!`*_~&;#|\\-+ \n\n\t\"'=/:pPaZ019.{}\u{301}\u{600}\u{0}\r\u{2028}\u{FEFF}é")

    static func mutated(_ seed: String, using random: inout SplitMix64) -> String {
        var text = Array(seed)
        for _ in 0..<(1 + random.next(below: 10)) {
            let position = random.next(below: text.count + 1)
            switch random.next(below: 6) {
            case 0:
                text.insert(characters[random.next(below: characters.count)], at: position)
            case 1:
                text.insert(contentsOf: Array(atoms[random.next(below: atoms.count)]), at: position)
            case 2:
                let end = min(text.count, position + random.next(below: 20))
                if position < end { text.removeSubrange(position..<end) }
            case 3:
                let end = min(text.count, position + random.next(below: 30))
                if position < end { text.insert(contentsOf: Array(text[position..<end]), at: end) }
            case 4:
                text.insert(contentsOf: Array(seeds[random.next(below: seeds.count)]), at: position)
            default:
                if position < text.count { text[position] = characters[random.next(below: characters.count)] }
            }
        }
        return String(text)
    }
}
