import GitHub
import WebShell

/// The seam where syntax highlighting plugs into the code view (issue 49): it turns a file's text
/// into its lines as HTML, one `HighlightedLine` per line `SourceLines.split` counts, in order,
/// and says where colouring stopped if a time budget cut it short.
/// The code view numbers them, anchors each (`id="L42"`) and lays them out; a renderer only
/// decides what is inside a line. It may take its time (a highlighter runs off the event loops
/// with a bound on how long), and never fails: a text it cannot colour comes back plain.
///
/// `PlainCodeLines` escapes each line; `HighlightedCodeLines`, over the `CodeHighlighting`
/// target's `SyntaxHighlighter`, is handed to `GitHubApp(codeLines:)` by the composition root.
public protocol CodeLineRenderer: Sendable {
    /// The lines of `text`, a file named `fileName` (its extension or name picks the language).
    func lines(of text: String, fileName: String) async -> CodeLines
}

/// A file's lines for the code view (issue 49), and where highlighting stopped, if it did.
public struct CodeLines: Sendable, Hashable {
    /// One per line of `SourceLines.split(text)`, in order.
    public let lines: [HighlightedLine]
    /// The index of the first line left plain because the renderer's time ran out; nil when
    /// every line had its turn (or nothing was coloured by design). The page says so under the code.
    public let cutAtLine: Int?

    public init(lines: [HighlightedLine], cutAtLine: Int? = nil) {
        self.lines = lines
        self.cutAtLine = cutAtLine
    }

    /// Each line of `text` escaped, uncoloured.
    public static func plain(_ text: String) -> CodeLines {
        CodeLines(lines: SourceLines.split(text).map(HighlightedLine.init(plain:)))
    }
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

    public func lines(of text: String, fileName: String) async -> CodeLines {
        .plain(text)
    }
}
