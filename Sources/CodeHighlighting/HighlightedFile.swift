/// A file cut into highlighted lines: as many lines as the text has (a final line break ends the
/// last line rather than starting an empty one; "\r\n" counts as one break).
public struct HighlightedFile: Sendable, Equatable {
    /// The language the lines were highlighted in; nil when they are all plain (a file name we do
    /// not know, or a definition that failed to load).
    public let language: SourceLanguage?
    public let lines: [HighlightedLine]
    /// The index of the first line left plain because the time budget ran out (issue 49: "the rest
    /// is emitted plain and the result says it was cut"); nil when every line had its turn.
    public let cutAtLine: Int?
    /// How many lines before the cut came out plain on their own: longer than
    /// `HighlightLimits.maximumLineBytes`, or failed in the library (a match over boost::regex's
    /// complexity limit); highlighting goes on after them.
    public let plainLineCount: Int

    public init(language: SourceLanguage?, lines: [HighlightedLine], cutAtLine: Int?, plainLineCount: Int) {
        self.language = language
        self.lines = lines
        self.cutAtLine = cutAtLine
        self.plainLineCount = plainLineCount
    }
}
