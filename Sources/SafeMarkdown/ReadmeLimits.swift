/// The bounds that keep rendering one README cheap and predictable, whatever it contains.
enum ReadmeLimits {
    /// A README longer than this many UTF-8 bytes is cut here before rendering.
    static let maximumMarkdownBytes = 512 * 1024

    /// Elements nested deeper than this are flattened: their tags are dropped, their text kept.
    static let maximumElementDepth = 32

    /// A table's delimiter row with more columns than this is left as text (see `TableGuard`).
    static let maximumTableColumns = 256

    /// How many cells all of a README's tables may make together (see `TableGuard`): a table
    /// past it keeps the rows that fit, the others stay as text. (A large real table, 1,500 rows
    /// of 6 columns, is 9,000.)
    static let maximumTableCells = 20_000

    /// A line's container markers (`>`, `-`, `1.`…) past this many are removed: they would nest
    /// elements past `maximumElementDepth`, which are flattened anyway (see `NestingGuard`).
    static let maximumContainerMarkersPerLine = maximumElementDepth

    /// Emphasis delimiter runs (`*`, `**`, `_`, `~~`…) a README may use; later ones are escaped
    /// and read as text (see `InlineGuard`).
    static let maximumDelimiterRuns = 20_000

    /// Link and image openers (`[`) a README may use; later ones are escaped and read as text, so
    /// a README links at most this many times from Markdown (see `InlineGuard`).
    static let maximumLinkOpeners = 10_000

    /// Raw inline tags (`<b>`, `</b>`, `<br>`…) a README may use; later ones are escaped and
    /// shown as text (see `InlineGuard`).
    static let maximumRawInlineTags = 20_000

    /// How far a raw HTML heading's text is read to make its anchor.
    static let maximumHeadingTextTokens = 64
}
