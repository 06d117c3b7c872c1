import GitHub
import WebShell

/// The seam where syntax highlighting plugs into the code view (issue 49): it turns a file's text
/// into its lines as HTML, one `HighlightedLine` per line `SourceLines.split` counts, in order.
/// The code view numbers them, anchors each (`id="L42"`) and lays them out; a renderer only
/// decides what is inside a line. It may take its time (a highlighter runs off the event loops
/// with a bound on how long), and never fails: a text it cannot colour comes back plain.
///
/// `PlainCodeLines` escapes each line; the highlighter (the `CodeHighlighting` target) is handed
/// to `GitHubApp(codeLines:)` by the composition root in its place.
public protocol CodeLineRenderer: Sendable {
    /// The lines of `text`, a file named `fileName` (its extension or name picks the language).
    func lines(of text: String, fileName: String) async -> [HighlightedLine]
}

/// One line of code as HTML: its text escaped, at most wrapped in `<span class="…">` elements of
/// the renderer's own (no other markup, no attribute but `class`). What goes in here is written
/// into the page as it is, so only a renderer may make one, from text it escaped itself.
public struct HighlightedLine: Sendable, Hashable {
    public let markup: String

    /// - Parameter escapedMarkup: text escaped by the renderer, in its class-only spans.
    public init(escapedMarkup: String) {
        markup = escapedMarkup
    }

    /// A line of plain text, escaped.
    public init(plain text: some StringProtocol) {
        var writer = HTMLWriter(capacity: text.utf8.count + 16)
        writer.text(String(text))
        markup = writer.string
    }
}

/// No highlighting: each line escaped, as text (issue 49's default until a highlighter is given).
public struct PlainCodeLines: CodeLineRenderer {
    public init() {}

    public func lines(of text: String, fileName: String) async -> [HighlightedLine] {
        SourceLines.split(text).map(HighlightedLine.init(plain:))
    }
}
