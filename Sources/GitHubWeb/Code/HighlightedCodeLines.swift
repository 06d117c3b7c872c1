import CodeHighlighting
import GitHub

/// The code view's lines coloured by `SyntaxHighlighter` (issue 49): the `CodeLineRenderer` the
/// composition root hands to `GitHubApp`, over the one highlighter of the process.
///
/// It keeps the seam's promise of one line per `SourceLines.split` entry whatever the highlighter
/// does: both cut at "\n", take "\r\n" as one break and let a final break end the last line
/// rather than start an empty one, so they agree; should they ever not (or the highlighter refuse
/// a file over its size limit, or the wait for a lane be cancelled), the lines come back plain.
public struct HighlightedCodeLines: CodeLineRenderer {
    private let highlighter: SyntaxHighlighter

    public init(highlighter: SyntaxHighlighter) {
        self.highlighter = highlighter
    }

    public func lines(of text: String, fileName: String) async -> CodeLines {
        guard let language = SourceLanguage.forFile(named: fileName),
              let file = try? await highlighter.highlight(text, language: language)
        else { return .plain(text) }
        return Self.agreeing(file, with: text) ?? .plain(text)
    }

    /// The highlighted file as the code view's lines, or nil when its lines are not the text's
    /// `SourceLines.split` lines in number.
    static func agreeing(_ file: HighlightedFile, with text: String) -> CodeLines? {
        guard file.lines.count == SourceLines.split(text).count else { return nil }
        return CodeLines(
            lines: file.lines.map { GitHubWeb.HighlightedLine(escapedMarkup: $0.html) },
            cutAtLine: file.cutAtLine)
    }
}
