/// Keeps cmark-gfm from nesting one container per marker of a single line (issue 22).
///
/// cmark-gfm opens a block quote for every `>` and a list for every list marker at the start of a
/// line: 512 KB of `>` made 524,283 nested quotes (230 ms in cmark-gfm alone) and 512 KB of `- `
/// 262,143 nested lists (about 230 ms), all for one word of text. Our writer flattens elements
/// past `ReadmeLimits.maximumElementDepth` anyway (their tags are left out, their text kept), so
/// a line's markers past `ReadmeLimits.maximumContainerMarkersPerLine` are removed before parsing:
/// the line keeps its first markers, one space and its text. Lines inside a fenced code block are
/// left as they are.
enum NestingGuard {
    /// The README with its lines' markers bounded, or nil when no line needed it.
    static func guarded(_ bytes: [UInt8]) -> [UInt8]? {
        let limit = ReadmeLimits.maximumContainerMarkersPerLine
        var cuts: [Range<Int>] = []
        var fences = FenceTracker()
        for line in MarkdownLines.ranges(bytes) {
            guard !fences.isCode(line, in: bytes) else { continue }
            let prefix = MarkdownLines.containerPrefix(of: line, in: bytes, recordingUpTo: limit)
            if prefix.markers > limit, let kept = prefix.markerEnds.last {
                cuts.append(kept..<prefix.contentStart)
            }
        }
        guard !cuts.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var start = 0
        for cut in cuts {
            result += bytes[start..<cut.lowerBound]
            result.append(UInt8(ascii: " "))
            start = cut.upperBound
        }
        result += bytes[start...]
        return result
    }
}
