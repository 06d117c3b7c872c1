/// Keeps cmark-gfm's tables linear in the README's size.
///
/// cmark-gfm 0.29.0.gfm.6 gives every row of a table as many cells as its delimiter row has
/// columns, however few the row writes: a delimiter row of 5,000 columns above 170,000 one-cell
/// lines makes 850 million cells (21 s measured for 512 KB). Before parsing, each delimiter row is
/// charged its columns times the lines that follow it up to the next blank line; a row that would
/// pass `ReadmeLimits.maximumTableColumns` or the README's budget of cells gets a `\` before its
/// first `|`, which makes it text, so that table stays a paragraph.
enum TableGuard {
    private typealias Line = Range<Int>

    static func guarded(_ markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        guard bytes.contains(UInt8(ascii: "|")) else { return markdown }
        let lines = lineRanges(bytes)
        let rowsBelow = rowsUntilBlankLine(lines, in: bytes)
        var escapeBefore: [Int] = []
        var cells = 0
        for (index, line) in lines.enumerated() {
            guard let columns = delimiterColumns(bytes[line]) else { continue }
            cells += columns * (rowsBelow[index] + 1)
            if columns > ReadmeLimits.maximumTableColumns || cells > ReadmeLimits.maximumTableCells,
               let pipe = bytes[line].firstIndex(of: UInt8(ascii: "|")) {
                escapeBefore.append(pipe)
            }
        }
        guard !escapeBefore.isEmpty else { return markdown }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + escapeBefore.count)
        var start = 0
        for position in escapeBefore {
            result += bytes[start..<position]
            result.append(UInt8(ascii: "\\"))
            start = position
        }
        result += bytes[start...]
        return String(decoding: result, as: UTF8.self)
    }

    private static func lineRanges(_ bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(start..<index)
            start = index + 1
        }
        lines.append(start..<bytes.count)
        return lines
    }

    /// For each line, how many non-blank lines follow it before a blank one.
    private static func rowsUntilBlankLine(_ lines: [Line], in bytes: [UInt8]) -> [Int] {
        var counts = Array(repeating: 0, count: lines.count)
        var following = 0
        for index in lines.indices.reversed() {
            counts[index] = following
            following = bytes[lines[index]].allSatisfy(isBlankOrQuote) ? 0 : following + 1
        }
        return counts
    }

    /// The columns of a line that could be a table's delimiter row (after any `>` and spaces:
    /// only `|`, `-`, `:` and spaces, with a `|` and a `-`), or nil.
    private static func delimiterColumns(_ line: ArraySlice<UInt8>) -> Int? {
        var columns = 0
        var hasPipe = false
        var previous = UInt8(ascii: " ")
        for byte in line.drop(while: isBlankOrQuote) {
            switch byte {
            case UInt8(ascii: "|"): hasPipe = true
            case UInt8(ascii: "-"): if previous != UInt8(ascii: "-") { columns += 1 }
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return nil
            }
            previous = byte
        }
        return hasPipe && columns > 0 ? columns : nil
    }

    private static func isBlankOrQuote(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: ">")
    }
}
