/// The bounds that keep rendering one README cheap and predictable, whatever it contains.
enum ReadmeLimits {
    /// A README longer than this many UTF-8 bytes is cut here before rendering.
    static let maximumMarkdownBytes = 512 * 1024

    /// Elements nested deeper than this are flattened: their tags are dropped, their text kept.
    static let maximumElementDepth = 32

    /// A table's delimiter row with more columns than this is left as text (see `TableGuard`).
    static let maximumTableColumns = 256

    /// How many cells all of a README's tables may make together (see `TableGuard`).
    static let maximumTableCells = 400_000

    /// How far a raw HTML heading's text is read to make its anchor.
    static let maximumHeadingTextTokens = 64
}
