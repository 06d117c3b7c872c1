import CSourceHighlight

/// One file's highlighting, line by line, within `HighlightLimits` (issue 49): lines longer than
/// the limit and lines the library fails on come out plain, and once the time budget is spent
/// (checked after every line) the rest come out plain too.
struct DocumentHighlighting {
    let limits: HighlightLimits

    func highlight(_ source: String, in language: SourceLanguage?) -> HighlightedFile {
        let started = ContinuousClock.now
        let highlighter = language.flatMap { try? DefinitionHighlighter(language: $0) }
        var source = source
        return source.withUTF8 { bytes in
            var lines: [HighlightedLine] = []
            var cutAtLine: Int?
            var plainLineCount = 0
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let next = lineEnd + 1
                if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                lineStart = next

                guard let highlighter, cutAtLine == nil else {
                    lines.append(.plain(String(decoding: line, as: UTF8.self)))
                    continue
                }
                if line.count > limits.maximumLineBytes {
                    lines.append(.plain(String(decoding: line, as: UTF8.self)))
                    plainLineCount += 1
                } else if let spans = highlighter.spans(of: line) {
                    lines.append(Self.line(line, spans: spans))
                } else {
                    lines.append(.plain(String(decoding: line, as: UTF8.self)))
                    plainLineCount += 1
                }
                if ContinuousClock.now - started >= limits.timeBudget { cutAtLine = lines.count }
            }
            if cutAtLine == lines.count { cutAtLine = nil }
            return HighlightedFile(
                language: highlighter == nil ? nil : language, lines: lines, cutAtLine: cutAtLine, plainLineCount: plainLineCount)
        }
    }

    /// The line cut at its spans' edges. A span's edge inside a character's UTF-8 bytes (a
    /// definition's rule can match half a character) moves to the end of the character.
    static func line(_ line: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<csh_span>) -> HighlightedLine {
        func characterEdge(atOrAfter offset: Int) -> Int {
            var offset = min(offset, line.count)
            while offset < line.count, line[offset] & 0xC0 == 0x80 { offset += 1 }
            return offset
        }
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        }
        var segments: [HighlightedLine.Segment] = []
        segments.reserveCapacity(spans.count * 2 + 1)
        var position = 0
        for span in spans {
            let start = characterEdge(atOrAfter: max(Int(span.start), position))
            let end = characterEdge(atOrAfter: Int(span.start) + Int(span.length))
            guard start < end, let tokenClass = TokenClass(reported: span.token_class) else { continue }
            if position < start { segments.append(.init(text: text(position..<start), tokenClass: nil)) }
            segments.append(.init(text: text(start..<end), tokenClass: tokenClass))
            position = end
        }
        if position < line.count { segments.append(.init(text: text(position..<line.count), tokenClass: nil)) }
        return HighlightedLine(segments: segments)
    }
}
