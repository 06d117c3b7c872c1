/// Prepares one Markdown block for Ink 0.6.0, avoiding the inputs on which Ink crashes,
/// hangs or takes more than linear time, without changing what Ink renders.
enum InkBlockGuard {
    static func prepared(_ block: MarkdownBlock) -> String {
        // Trailing whitespace: Ink reads past the end of the text after a list item or in
        // front matter followed by whitespace, and traps.
        let trimmed = block.text.trimmingTrailingWhitespace()
        guard !block.isFencedCode else { return trimmed }
        let lines = trimmed.split(separator: "\n", omittingEmptySubsequences: false).map(shortenedIndentation)
        return InkInlineRewriter.rewrite(withoutFrontMatterMarker(lines).joined(separator: "\n"))
    }

    /// Ink nests a list for every deeper indentation, recursively.
    private static func shortenedIndentation(_ line: Substring) -> Substring {
        let indentation = line.prefix(while: \.isWhitespace)
        guard indentation.count > ReadmeLimits.maximumIndentation else { return line }
        return line.prefix(ReadmeLimits.maximumIndentation) + line.dropFirst(indentation.count)
    }

    /// Ink reads a text starting with a `---` line as front matter and drops it, and every block
    /// is a text of its own for Ink. `***` is the same horizontal rule without that meaning.
    private static func withoutFrontMatterMarker(_ lines: [Substring]) -> [Substring] {
        guard lines.count > 1, lines[0].drop(while: \.isWhitespace) == "---" else { return lines }
        return ["***"] + lines.dropFirst()
    }
}

extension StringProtocol {
    func trimmingTrailingWhitespace() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace {
            end = index(before: end)
        }
        return String(self[startIndex..<end])
    }
}
