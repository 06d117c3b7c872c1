/// Rewrites one block of Markdown so that Ink 0.6.0 renders it in linear time and never hangs,
/// without changing what it renders.
///
/// Ink's inline parser has costs and traps that a hostile README can reach:
/// - a failed link is retried from every `[` inside it, so unclosed `[[[[…` is exponential;
/// - every `&` with no `;` later in its word, and every `<` with no `>` later, rescans to the end
///   (quadratic);
/// - `<p` without a later `>`, or `\<p`, makes Ink loop forever;
/// - a `]( …` with no `)` on its line rescans the line for every such `](`.
///
/// The rewriter walks the block the way Ink will, skipping what Ink skips (code spans, raw HTML,
/// link destinations), and writes the dangerous characters so that Ink reads them as text and
/// renders them as before: `&` → `&amp;`, `<` → `&lt;` (references Ink copies through and the
/// sanitizer decodes back), `[` → `\[` (Ink drops the backslash).
///
/// Brackets are matched in a first walk; a `[` that nothing closes is written as text, since
/// Ink would scan to the end of the block for its `]` and then retry. In the second walk, the
/// open brackets are counted as an upper bound of Ink's open link attempts, and a `[` beyond
/// `ReadmeLimits.maximumOpenBrackets` is written as text too, which bounds Ink's retries.
///
/// It also writes `"` as `&quot;`, because Ink puts link destinations and image descriptions
/// into double-quoted attributes without escaping them, and turns CommonMark autolinks into links.
struct InkInlineRewriter {
    private let characters: [Character]
    private let lastClosingAngle: Int?
    private let destinationEnds: BalancedParentheses
    /// Brackets found unclosed by the first walk, written as text by the second.
    private let unclosedBrackets: Set<Int>
    private var output = ""
    private var index = 0
    /// Positions of the `[` written as brackets and not closed yet.
    private var openBrackets: [Int] = []
    private var tableDelimitersOnLine = 0

    static func rewrite(_ block: String) -> String {
        let characters = Array(block)
        let lastClosingAngle = characters.lastIndex(of: ">")
        let destinationEnds = BalancedParentheses(characters)
        var matching = InkInlineRewriter(characters, lastClosingAngle, destinationEnds, unclosedBrackets: nil)
        matching.run()
        var rewriter = InkInlineRewriter(characters, lastClosingAngle, destinationEnds, unclosedBrackets: Set(matching.openBrackets))
        rewriter.run()
        return rewriter.output
    }

    /// - Parameter unclosedBrackets: nil for the first walk, which only matches brackets.
    private init(
        _ characters: [Character],
        _ lastClosingAngle: Int?,
        _ destinationEnds: BalancedParentheses,
        unclosedBrackets: Set<Int>?
    ) {
        self.characters = characters
        self.lastClosingAngle = lastClosingAngle
        self.destinationEnds = destinationEnds
        self.unclosedBrackets = unclosedBrackets ?? []
        self.isMatchingWalk = unclosedBrackets == nil
    }

    private let isMatchingWalk: Bool

    private mutating func run() {
        while index < characters.count {
            if index == 0 || characters[index - 1] == "\n", copyReferenceDefinitionIfAny() {
                continue
            }
            let character = characters[index]
            // Ink reads a character after a backslash as text (it looks only one character back).
            let isEscaped = index > 0 && characters[index - 1] == "\\"
            switch character {
            case "`" where !isEscaped:
                copyCodeSpanOrBacktick()
            case "<" where !isEscaped:
                rewriteAngleBracket()
            case "[" where !isEscaped:
                openBracket()
            case "]" where !isEscaped:
                closeBracket()
            case "&":
                rewriteAmpersand()
            case "<", "\"":
                emitLiteral(character)
            case "|":
                countTableDelimiter()
            case "\n":
                tableDelimitersOnLine = 0
                emit(character)
            default:
                emit(character)
            }
        }
    }

    // MARK: - Ink's inline constructs

    /// Ink's `InlineCode`: from a backtick to the next one on the same line, copied verbatim
    /// (Ink escapes code itself).
    private mutating func copyCodeSpanOrBacktick() {
        var closing = index + 1
        while closing < characters.count, characters[closing] != "\n" {
            if characters[closing] == "`" {
                copy(upTo: closing + 1)
                return
            }
            closing += 1
        }
        emit("`")
    }

    private mutating func rewriteAngleBracket() {
        if let autolink = MarkdownAutolink.match(in: characters, at: index) {
            output += autolink.markdown
            index = autolink.end
        } else if let end = InkRawHTML.end(of: characters, from: index, lastClosingAngle: lastClosingAngle) {
            copy(upTo: end)
        } else {
            emitLiteral("<")
        }
    }

    private mutating func rewriteAmpersand() {
        if let length = CharacterReferenceShape.length(in: characters, at: index) {
            copy(upTo: index + length)
        } else {
            emitLiteral("&")
        }
    }

    private mutating func openBracket() {
        let isTooDeep = !isMatchingWalk && openBrackets.count >= ReadmeLimits.maximumOpenBrackets
        guard !isTooDeep, !unclosedBrackets.contains(index) else {
            output += "\\"
            emit("[")
            return
        }
        openBrackets.append(index)
        emit("[")
    }

    /// A `]` ends the innermost open link text. Ink then reads a destination `(…)` or a
    /// reference `[…]` raw, so those are skipped here too, made harmless if Ink reads them as text.
    private mutating func closeBracket() {
        emit("]")
        guard openBrackets.popLast() != nil else { return }
        guard index < characters.count else { return }
        if characters[index] == "(" {
            copyDestination()
        } else if characters[index] == "[" {
            copyReference()
        }
    }

    private mutating func copyDestination() {
        guard let closing = destinationEnds.closingParenthesis(forContentStartingAt: index + 1) else {
            // Ink would scan to the end of the line looking for `)`; as text it fails at once.
            emitLiteral("(")
            return
        }
        output += "("
        index += 1
        copyLiterally(upTo: closing)
        output += ")"
        index = closing + 1
    }

    /// Copies raw text that Ink reads without parsing (a destination, a definition's URL) so that
    /// it also reads as plain text: every character Ink could give a meaning to becomes a
    /// reference, except references already written out, which are kept as they are.
    private mutating func copyLiterally(upTo end: Int) {
        while index < end {
            if let length = CharacterReferenceShape.length(in: characters, at: index), index + length <= end {
                copy(upTo: index + length)
            } else {
                emitLiteral(characters[index])
            }
        }
    }

    private mutating func copyReference() {
        var closing = index + 1
        while closing < characters.count, characters[closing] != "]", characters[closing] != "\n" {
            closing += 1
        }
        guard closing < characters.count, characters[closing] == "]" else { return }
        let name = characters[(index + 1)..<closing]
        if name.contains(where: Self.changesMeaningOfReference) {
            // A name Ink would read differently from this walk: make it no reference at all.
            emitLiteral("[")
        } else {
            copy(upTo: closing + 1)
        }
    }

    /// A line `[name]: url` that Ink may read as a link reference definition, copying it raw.
    /// Whether Ink reads it so depends on the line before; written this way, it is harmless either
    /// way: the name keeps only characters that cannot hide anything, and the URL becomes text.
    private mutating func copyReferenceDefinitionIfAny() -> Bool {
        var cursor = index
        while cursor < characters.count, characters[cursor] != "\n", characters[cursor].isWhitespace {
            cursor += 1
        }
        guard cursor < characters.count, characters[cursor] == "[" else { return false }
        var nameEnd = cursor + 1
        while nameEnd < characters.count, characters[nameEnd] != "]", characters[nameEnd] != "\n" {
            nameEnd += 1
        }
        let colon = nameEnd + 1
        guard colon + 1 < characters.count, characters[nameEnd] == "]", characters[colon] == ":",
              characters[colon + 1] != "\n", characters[colon + 1].isWhitespace else { return false }
        var lineEnd = colon + 1
        while lineEnd < characters.count, characters[lineEnd] != "\n" {
            lineEnd += 1
        }
        copy(upTo: cursor + 1)
        for character in characters[(cursor + 1)..<nameEnd] {
            output += Self.changesMeaningOfReference(character) ? InkText.reference(for: character) ?? "" : String(character)
        }
        output += "]:"
        index = colon + 1
        copyLiterally(upTo: lineEnd)
        return true
    }

    /// Characters that make Ink read a reference name differently when it reads it as text:
    /// an escape, an entity, a code span or HTML could hide the `]` that ends it.
    private static func changesMeaningOfReference(_ character: Character) -> Bool {
        "\\&`<[".contains(character)
    }

    private mutating func countTableDelimiter() {
        tableDelimitersOnLine += 1
        if tableDelimitersOnLine > ReadmeLimits.maximumTableDelimitersPerLine {
            emitLiteral("|")
        } else {
            emit("|")
        }
    }

    // MARK: - Output

    private mutating func emit(_ character: Character) {
        output.append(character)
        index += 1
    }

    private mutating func emitLiteral(_ character: Character) {
        output += InkText.reference(for: character) ?? String(character)
        index += 1
    }

    private mutating func copy(upTo end: Int) {
        for character in characters[index..<end] {
            if character == "\n" { tableDelimitersOnLine = 0 }
            output.append(character)
        }
        index = end
    }
}
