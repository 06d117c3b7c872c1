/// The bounds that keep rendering one README cheap and predictable, whatever it contains.
enum ReadmeLimits {
    /// A README longer than this many UTF-8 bytes is cut here before rendering.
    static let maximumMarkdownBytes = 512 * 1024

    /// Elements nested deeper than this are flattened: their tags are dropped, their text kept.
    static let maximumElementDepth = 32

    /// Leading whitespace longer than this is shortened. Ink nests one list per deeper
    /// indentation, recursively, so this bounds its recursion.
    static let maximumIndentation = 64

    /// How many `[` may be open at once before the next ones are written as plain text. Ink
    /// retries a failed link from every `[` inside it, so its work doubles with each open level.
    /// Two is what a badge inside a link needs: `[![build](badge.svg)](ci)`.
    static let maximumOpenBrackets = 2

    /// Table cells per line beyond which `|` is written as plain text. Ink pads every row to the
    /// widest row, so one very wide row times many rows would be quadratic.
    static let maximumTableDelimitersPerLine = 64

    /// How far a heading's text is read to make its anchor.
    static let maximumHeadingTextTokens = 64
}
