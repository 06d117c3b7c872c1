/// How much highlighting one file may cost (issue 49: "a pathological file cannot hold a server
/// thread").
public struct HighlightLimits: Sendable, Equatable {
    /// Larger files are refused (`HighlightRefusal.tooLarge`): the page links to GitHub instead of
    /// fetching them (issue 49: "very large files (over 1 MB)").
    public var maximumFileBytes: Int
    /// Longer lines come out plain: a line's cost grows with its length squared in some of
    /// source-highlight's definitions (a 1,000-byte identifier costs C++'s about 25 ms, 4,000 bytes
    /// 200 ms), and a minified line says little in colour anyway.
    public var maximumLineBytes: Int
    /// The time after which the remaining lines come out plain (`HighlightedFile.cutAtLine`),
    /// checked after every line; a 10,000-line file takes well under it.
    public var timeBudget: Duration

    public init(maximumFileBytes: Int = 1_048_576, maximumLineBytes: Int = 1_000, timeBudget: Duration = .milliseconds(250)) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumLineBytes = maximumLineBytes
        self.timeBudget = timeBudget
    }

    public static let standard = HighlightLimits()
}

/// Why a file was not highlighted at all.
public enum HighlightRefusal: Error, Equatable, Sendable {
    /// Over `HighlightLimits.maximumFileBytes`: show a link instead (issue 49).
    case tooLarge(bytes: Int, limit: Int)
}
