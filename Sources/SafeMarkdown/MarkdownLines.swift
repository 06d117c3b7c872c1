/// The line-level reading the pre-parse guards share (`TableGuard`, `NestingGuard`,
/// `InlineGuard`): where lines are, where a line's container markers end, and which lines are
/// inside a fenced code block.
///
/// It is deliberately approximate (it does not know which quote or list a fence belongs to): the
/// guards change a README only past a cap no real README reaches, so an approximation there can
/// only affect a document already past one.
enum MarkdownLines {
    /// Each line's byte range, without its line feed.
    static func ranges(_ bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(start..<index)
            start = index + 1
        }
        lines.append(start..<bytes.count)
        return lines
    }

    /// The container markers that open a line: `>` and list markers (`-`, `*`, `+`, `1.`, `1)`
    /// followed by a space), with the spaces around them.
    struct ContainerPrefix {
        /// How many markers.
        var markers = 0
        /// Where each marker ends, up to `limit` of them.
        var markerEnds: [Int] = []
        /// Where the line's content starts, after the markers and spaces.
        var contentStart: Int
    }

    static func containerPrefix(of line: Range<Int>, in bytes: [UInt8], recordingUpTo limit: Int = 0) -> ContainerPrefix {
        var prefix = ContainerPrefix(contentStart: line.lowerBound)
        var index = line.lowerBound
        while true {
            while index < line.upperBound, isSpace(bytes[index]) { index += 1 }
            prefix.contentStart = index
            guard index < line.upperBound, let end = markerEnd(at: index, line: line, in: bytes) else { return prefix }
            prefix.markers += 1
            if prefix.markerEnds.count < limit { prefix.markerEnds.append(end) }
            index = end
        }
    }

    /// The end of a container marker starting at `index`, or nil when none starts there.
    private static func markerEnd(at index: Int, line: Range<Int>, in bytes: [UInt8]) -> Int? {
        let byte = bytes[index]
        if byte == UInt8(ascii: ">") { return index + 1 }
        let isSpaceAfter = { (position: Int) in position == line.upperBound || isSpace(bytes[position]) }
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") {
            return isSpaceAfter(index + 1) ? index + 1 : nil
        }
        var digitsEnd = index
        while digitsEnd < line.upperBound, digitsEnd - index < 9, isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
        guard digitsEnd > index, digitsEnd < line.upperBound,
              bytes[digitsEnd] == UInt8(ascii: ".") || bytes[digitsEnd] == UInt8(ascii: ")"),
              isSpaceAfter(digitsEnd + 1) else { return nil }
        return digitsEnd + 1
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

/// Follows fenced code blocks (```` ``` ```` and `~~~`) line by line.
struct FenceTracker {
    private var openFence: (character: UInt8, length: Int)?

    /// Reads the next line; true when it is part of a fenced code block (its fences included).
    mutating func isCode(_ line: Range<Int>, in bytes: [UInt8]) -> Bool {
        let start = MarkdownLines.containerPrefix(of: line, in: bytes).contentStart
        guard start < line.upperBound else { return openFence != nil }
        let character = bytes[start]
        var runEnd = start
        while runEnd < line.upperBound, bytes[runEnd] == character { runEnd += 1 }
        let length = runEnd - start
        if let fence = openFence {
            let closes = character == fence.character && length >= fence.length
                && bytes[runEnd..<line.upperBound].allSatisfy { MarkdownLines.isSpace($0) || $0 == UInt8(ascii: "\r") }
            if closes { openFence = nil }
            return true
        }
        guard character == UInt8(ascii: "`") || character == UInt8(ascii: "~"), length >= 3 else { return false }
        if character == UInt8(ascii: "`"), bytes[runEnd..<line.upperBound].contains(UInt8(ascii: "`")) { return false }
        openFence = (character, length)
        return true
    }
}
