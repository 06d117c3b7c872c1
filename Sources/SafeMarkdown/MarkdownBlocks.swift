/// One run of lines that Ink renders on its own.
struct MarkdownBlock: Equatable {
    var text: String
    /// A fenced code block, passed to Ink untouched: its text is code, not Markdown.
    var isFencedCode: Bool
}

/// Splits a README into blocks at blank lines and around fenced code.
///
/// Ink lets an unclosed HTML tag (`<img src=x>` at the top of a README, or `Array<Int>` in a
/// sentence) swallow everything after it as raw HTML. Rendering each block separately keeps that
/// damage inside the block, and makes an HTML block end at a blank line, as it does on GitHub,
/// so Markdown between `<details>` and `</details>` is rendered.
///
/// A line that opens a fence always starts a block, so every fence is one Ink reads as code.
/// The closing fence follows Ink's own rule: at the start of a line, exactly as many backticks
/// as the opening one, and never on the first line after the opening.
enum MarkdownBlocks {
    static func split(_ markdown: String) -> [MarkdownBlock] {
        var splitter = Splitter()
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            splitter.add(line)
        }
        return splitter.finish()
    }

    private struct OpenFence {
        var markerCount: Int
        var lines: [Substring]
        var contentLineCount = 0
    }

    private struct Splitter {
        private var blocks: [MarkdownBlock] = []
        private var paragraphLines: [Substring] = []
        private var fence: OpenFence?

        mutating func add(_ line: Substring) {
            if fence != nil {
                addToFence(line)
                return
            }
            let content = line.drop(while: \.isWhitespace)
            if content.hasPrefix("```") {
                flushParagraph()
                let markerCount = content.prefix(while: { $0 == "`" }).count
                let opening = String(repeating: "`", count: markerCount)
                    + FenceLanguage.sanitized(content.dropFirst(markerCount))
                fence = OpenFence(markerCount: markerCount, lines: [Substring(opening)])
            } else if content.isEmpty {
                flushParagraph()
            } else {
                paragraphLines.append(line)
            }
        }

        mutating func finish() -> [MarkdownBlock] {
            if let fence {
                blocks.append(MarkdownBlock(text: fence.lines.joined(separator: "\n"), isFencedCode: true))
                self.fence = nil
            }
            flushParagraph()
            return blocks
        }

        /// Grows the open fence in place: a copy of it here would copy every line it holds, once
        /// per line (quadratic: a 120 KB fence of empty lines took 57 s).
        private mutating func addToFence(_ line: Substring) {
            guard let markerCount = fence?.markerCount, let contentLineCount = fence?.contentLineCount else { return }
            let leadingMarkers = line.prefix(while: { $0 == "`" }).count
            guard contentLineCount > 0, leadingMarkers == markerCount else {
                fence?.lines.append(line)
                fence?.contentLineCount += 1
                return
            }
            fence?.lines.append(line.prefix(leadingMarkers))
            if let closed = fence {
                fence = nil
                blocks.append(MarkdownBlock(text: closed.lines.joined(separator: "\n"), isFencedCode: true))
            }
            // Ink goes on reading Markdown right after the closing backticks.
            let rest = line.dropFirst(leadingMarkers)
            if !rest.allSatisfy(\.isWhitespace) {
                paragraphLines.append(rest)
            }
        }

        private mutating func flushParagraph() {
            guard !paragraphLines.isEmpty else { return }
            blocks.append(MarkdownBlock(text: paragraphLines.joined(separator: "\n"), isFencedCode: false))
            paragraphLines.removeAll()
        }
    }
}

/// The language named after an opening fence, reduced to what can safely become a CSS class.
///
/// Ink copies the whole info string into `class="language-…"` without escaping it, so a
/// `"` or `>` there would break the markup (and the sanitizer would then drop the code). Only
/// the first word is kept, and only when it is a plain language name.
enum FenceLanguage {
    static func sanitized(_ infoString: Substring) -> String {
        let firstWord = infoString.drop(while: \.isWhitespace).prefix(while: { !$0.isWhitespace })
        let isPlainName = !firstWord.isEmpty && firstWord.allSatisfy { character in
            character.isASCII && (character.isLetter || character.isNumber || "_+-".contains(character))
        }
        return isPlainName ? String(firstWord) : ""
    }
}
