/// Keeps cmark-gfm's inline parse and our walk of its result bounded for documents made of
/// delimiters (issue 22).
///
/// Each emphasis delimiter run (`*`, `_`, `~`), link or image opener (`[`) and raw inline tag
/// (`<` before a letter, `/`, `!` or `?`) costs cmark-gfm a delimiter or bracket entry and a node,
/// and us a walk of that node: 512 KB of `*a` took 180 ms, of `[a](` 80 ms, of `<b>x</b> ` 90 ms,
/// and each link's address costs a URL resolution. A README may have
/// `ReadmeLimits.maximumDelimiterRuns`, `maximumLinkOpeners` and `maximumRawInlineTags` of each,
/// counted outside fenced code and code spans and tags; past that, each further one gets a `\`
/// before it, which makes cmark-gfm read it as the plain character it is: the text stays, as text.
/// (Where a backslash is not an escape, in indented code or an HTML block, it shows; only a
/// README already past a cap can see that.)
enum InlineGuard {
    private struct Counts {
        var delimiterRuns = 0
        var linkOpeners = 0
        var rawInlineTags = 0
    }

    /// The README with its delimiters, openers and tags past the caps escaped, or nil when it
    /// has none past them.
    static func guarded(_ bytes: [UInt8]) -> [UInt8]? {
        guard mayPassACap(bytes) else { return nil }
        var counts = Counts()
        var edits = ByteEdits()
        var fences = FenceTracker()
        for line in MarkdownLines.ranges(bytes) where !fences.isCode(line, in: bytes) {
            scan(line, in: bytes, counts: &counts, edits: &edits)
        }
        return edits.isEmpty ? nil : edits.applied(to: bytes)
    }

    /// Whether the README has more of the characters that start a counted construct than a cap
    /// allows: a README with fewer (every real one) needs no line-by-line reading.
    private static func mayPassACap(_ bytes: [UInt8]) -> Bool {
        var delimiters = 0
        var openers = 0
        var angles = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"): delimiters += 1
            case UInt8(ascii: "["): openers += 1
            case UInt8(ascii: "<"): angles += 1
            default: continue
            }
        }
        return delimiters > ReadmeLimits.maximumDelimiterRuns || openers > ReadmeLimits.maximumLinkOpeners
            || angles > ReadmeLimits.maximumRawInlineTags
    }

    /// Reads one line's content, after its quote and list markers (a `*` bullet is no delimiter).
    private static func scan(_ line: Range<Int>, in bytes: [UInt8], counts: inout Counts, edits: inout ByteEdits) {
        let contentStart = MarkdownLines.containerPrefix(of: line, in: bytes).contentStart
        let content = contentStart..<line.upperBound
        guard !isThematicBreak(content, in: bytes) else { return }
        let codeSpanEnds = CodeSpans(content, in: bytes)
        var nextTagEnd = contentStart
        var index = contentStart
        while index < line.upperBound {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "`"):
                index = codeSpanEnds.end(ofSpanAt: index)
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                var runEnd = index
                while runEnd < line.upperBound, bytes[runEnd] == byte { runEnd += 1 }
                counts.delimiterRuns += 1
                if counts.delimiterRuns > ReadmeLimits.maximumDelimiterRuns {
                    for position in index..<runEnd { edits.insert(CollectionOfOne(UInt8(ascii: "\\")), before: position) }
                }
                index = runEnd
            case UInt8(ascii: "["):
                counts.linkOpeners += 1
                if counts.linkOpeners > ReadmeLimits.maximumLinkOpeners {
                    edits.insert(CollectionOfOne(UInt8(ascii: "\\")), before: index)
                }
                index += 1
            case UInt8(ascii: "<") where index + 1 < line.upperBound && startsTag(bytes[index + 1]):
                counts.rawInlineTags += 1
                if counts.rawInlineTags > ReadmeLimits.maximumRawInlineTags {
                    edits.insert(CollectionOfOne(UInt8(ascii: "\\")), before: index)
                    index += 1
                    continue
                }
                // Inside a tag (its attributes) nothing is Markdown: go on after its `>`.
                if nextTagEnd <= index {
                    nextTagEnd = bytes[(index + 1)..<line.upperBound].firstIndex(of: UInt8(ascii: ">")) ?? line.upperBound
                }
                index = nextTagEnd < line.upperBound ? nextTagEnd + 1 : index + 1
            default:
                index += 1
            }
        }
    }

    /// `***`, `___`, `- - -`: a line of one of them (three or more) and spaces.
    private static func isThematicBreak(_ content: Range<Int>, in bytes: [UInt8]) -> Bool {
        guard let first = bytes[content].first(where: { !MarkdownLines.isSpace($0) }),
              first == UInt8(ascii: "*") || first == UInt8(ascii: "_") || first == UInt8(ascii: "-") else { return false }
        var count = 0
        for byte in bytes[content] where !MarkdownLines.isSpace(byte) && byte != UInt8(ascii: "\r") {
            guard byte == first else { return false }
            count += 1
        }
        return count >= 3
    }

    private static func startsTag(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }
}

/// The code spans of one line: a run of backticks opens one when a run of the same length
/// follows it on the line (as CommonMark reads them, within a line).
private struct CodeSpans {
    /// For each backtick run starting at a position: where the code span it opens ends (after
    /// its closing run), or where the run itself ends when nothing closes it.
    private var ends: [Int: Int] = [:]

    init(_ line: Range<Int>, in bytes: [UInt8]) {
        var runs: [Range<Int>] = []
        var index = line.lowerBound
        while index < line.upperBound {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            guard bytes[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            var runEnd = index
            while runEnd < line.upperBound, bytes[runEnd] == UInt8(ascii: "`") { runEnd += 1 }
            runs.append(index..<runEnd)
            index = runEnd
        }
        guard !runs.isEmpty else { return }
        // The next run of each length, found walking backwards: linear in the line.
        var nextOfLength: [Int: Int] = [:]
        var closing = Array(repeating: -1, count: runs.count)
        for (position, run) in runs.enumerated().reversed() {
            closing[position] = nextOfLength[run.count] ?? -1
            nextOfLength[run.count] = position
        }
        for (position, run) in runs.enumerated() {
            ends[run.lowerBound] = closing[position] >= 0 ? runs[closing[position]].upperBound : run.upperBound
        }
    }

    func end(ofSpanAt position: Int) -> Int {
        ends[position] ?? position + 1
    }
}
