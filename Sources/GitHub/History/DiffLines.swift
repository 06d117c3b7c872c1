/// One line of a file's diff as the commit screen colours it (issue 49): a hunk's header
/// (`@@ -10,6 +10,8 @@ func main()`), a line added or removed, one unchanged around them, or
/// Git's note `\ No newline at end of file`. Lines carry their numbers in the old and the new file.
public struct DiffLine: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case hunk, added, removed, context, note
    }

    public let kind: Kind
    /// The line without its `+`, `-` or space; a hunk's header or a note whole.
    public let text: String
    /// The line's number in the file before the commit (removed and unchanged lines).
    public let oldNumber: Int?
    /// The line's number after it (added and unchanged lines).
    public let newNumber: Int?

    public init(kind: Kind, text: String, oldNumber: Int? = nil, newNumber: Int? = nil) {
        self.kind = kind
        self.text = text
        self.oldNumber = oldNumber
        self.newNumber = newNumber
    }
}

/// A unified diff's hunks (GitHub's `patch` of a changed file) as `DiffLine`s (issue 49). Line
/// numbers start from each hunk's header; a header that cannot be read leaves its lines unnumbered.
/// Numbers are read by `RequestNumber`-like rules: digits only, bounded, so no patch can trap.
public enum DiffLines {
    public static func parse(_ patch: String) -> [DiffLine] {
        var lines: [DiffLine] = []
        var old: Int?
        var new: Int?
        for line in SourceLines.split(patch) {
            switch line.first {
            case "@":
                let starts = hunkStarts(line)
                old = starts?.old
                new = starts?.new
                lines.append(DiffLine(kind: .hunk, text: String(line)))
            case "+":
                lines.append(DiffLine(kind: .added, text: String(line.dropFirst()), newNumber: new))
                new = new.map { $0 + 1 }
            case "-":
                lines.append(DiffLine(kind: .removed, text: String(line.dropFirst()), oldNumber: old))
                old = old.map { $0 + 1 }
            case "\\":
                lines.append(DiffLine(kind: .note, text: String(line)))
            default:
                lines.append(DiffLine(kind: .context, text: String(line.dropFirst()), oldNumber: old, newNumber: new))
                old = old.map { $0 + 1 }
                new = new.map { $0 + 1 }
            }
        }
        return lines
    }

    /// The first old and new line numbers of `@@ -a[,b] +c[,d] @@`; nil for anything else.
    static func hunkStarts(_ header: Substring) -> (old: Int, new: Int)? {
        let parts = header.split(separator: " ", maxSplits: 3)
        guard parts.count >= 3, parts[0] == "@@", parts[1].first == "-", parts[2].first == "+",
              let old = number(parts[1].dropFirst()), let new = number(parts[2].dropFirst())
        else { return nil }
        return (old, new)
    }

    /// The digits before an optional `,count`, as a number up to a billion.
    private static func number(_ text: Substring) -> Int? {
        let digits = text.prefix { $0 != "," }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
