/// Keeps cmark-gfm's tables linear in the README's size and cheap (issue 22).
///
/// cmark-gfm 0.29.0.gfm.6 gives every row of a table as many cells as its delimiter row has
/// columns, however few the row writes: a delimiter row of 5,000 columns above 170,000 one-cell
/// lines makes 850 million cells (21 s measured for 512 KB), and each cell costs about 1 µs to
/// parse and write (a 131,070-row table took 250 ms). Before parsing, each delimiter row
/// outside fenced code is charged its columns times the lines that follow it up to the next blank
/// line:
/// - a row of more than `ReadmeLimits.maximumTableColumns` columns, or one whose header alone
///   would pass the README's budget of `ReadmeLimits.maximumTableCells`, gets a `\` before its
///   first `|`, which makes it text, so that table stays a paragraph;
/// - a table that would pass the budget keeps the rows that fit, and a blank line (inside the
///   same quotes) ends it there: the rows after it stay, as a paragraph of text.
enum TableGuard {
    /// The README with its tables bounded, or nil when none needed it.
    static func guarded(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.contains(UInt8(ascii: "|")) else { return nil }
        let lines = MarkdownLines.ranges(bytes)
        let rowsBelow = rowsUntilBlankLine(lines, in: bytes)
        var edits = ByteEdits()
        var cells = 0
        var fences = FenceTracker()
        for (index, line) in lines.enumerated() {
            guard !fences.isCode(line, in: bytes), let columns = delimiterColumns(bytes[line]) else { continue }
            let budget = ReadmeLimits.maximumTableCells - cells
            let fittingRows = budget / columns - 1
            if columns > ReadmeLimits.maximumTableColumns || fittingRows < 1 {
                if let pipe = bytes[line].firstIndex(of: UInt8(ascii: "|")) {
                    edits.insert([UInt8(ascii: "\\")], before: pipe)
                }
            } else if rowsBelow[index] > fittingRows {
                cells += columns * (fittingRows + 1)
                let firstLeftOut = lines[index + fittingRows + 1]
                let quotes = bytes[firstLeftOut].prefix(while: isBlankOrQuote)
                edits.insert(quotes + [UInt8(ascii: "\n")], before: firstLeftOut.lowerBound)
            } else {
                cells += columns * (rowsBelow[index] + 1)
            }
        }
        return edits.isEmpty ? nil : edits.applied(to: bytes)
    }

    /// For each line, how many non-blank lines follow it before a blank one.
    private static func rowsUntilBlankLine(_ lines: [Range<Int>], in bytes: [UInt8]) -> [Int] {
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
