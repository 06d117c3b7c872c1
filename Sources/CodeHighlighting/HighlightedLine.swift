/// One line of a highlighted file, without its line break: its text cut into runs, each plain or
/// of one class. The page takes the file one line at a time, so that it can number the lines and
/// give each its `id="L42"` anchor (issue 49).
public struct HighlightedLine: Sendable, Equatable {
    /// A run of the line's text in one class (nil: plain).
    public struct Segment: Sendable, Equatable {
        public let text: String
        public let tokenClass: TokenClass?

        public init(text: String, tokenClass: TokenClass?) {
            self.text = text
            self.tokenClass = tokenClass
        }
    }

    /// The runs in order; together they are the whole line. Empty for an empty line.
    public let segments: [Segment]

    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// A line with no highlighting.
    public static func plain(_ text: String) -> HighlightedLine {
        HighlightedLine(segments: text.isEmpty ? [] : [Segment(text: text, tokenClass: nil)])
    }

    /// The line's text.
    public var text: String {
        segments.reduce(into: "") { $0 += $1.text }
    }

    /// The line as HTML, safe by construction: every character of the text escaped, and the only
    /// markup `<span class="hl-…">` with one of `TokenClass`'s class names. Ready for the page's
    /// one door for markup it did not write (`HTML.unescaped(sanitizedMarkup:)`).
    public var html: String {
        var markup: [UInt8] = []
        markup.reserveCapacity(segments.reduce(0) { $0 + $1.text.utf8.count } + segments.count * 24)
        for segment in segments {
            if let tokenClass = segment.tokenClass {
                markup.append(contentsOf: #"<span class=""#.utf8)
                markup.append(contentsOf: tokenClass.cssClass.utf8)
                markup.append(contentsOf: #"">"#.utf8)
                HTMLEscaping.append(segment.text, to: &markup)
                markup.append(contentsOf: "</span>".utf8)
            } else {
                HTMLEscaping.append(segment.text, to: &markup)
            }
        }
        return String(decoding: markup, as: UTF8.self)
    }
}
