/// Where Ink 0.6.0 stops reading raw HTML that starts at a `<`, worked out the way Ink does it.
///
/// Ink copies raw HTML through without looking at the Markdown inside it, so whatever lies in
/// that stretch is not a link, a code span or an entity for Ink. `InkInlineRewriter` must skip
/// exactly the same stretch to stay in step with Ink; this mirrors `HTML.read` and
/// `Reader.readHTMLElement` from Ink's sources, including their quirks (names are compared
/// case-sensitively, and a failed read inside the element still moves the reader on).
enum InkRawHTML {
    /// The index just past the raw HTML starting at `start`, or nil when Ink would not read an
    /// element there and would treat the `<` as text.
    ///
    /// - Parameter lastClosingAngle: the index of the last `>` in `characters`, so that a `<`
    ///   with no `>` after it is rejected at once rather than by scanning to the end.
    static func end(of characters: [Character], from start: Int, lastClosingAngle: Int?) -> Int? {
        guard let lastClosingAngle, lastClosingAngle > start else { return nil }
        guard case .element(let root) = readElement(characters, at: start) else { return nil }
        if root.isSelfClosing { return root.end }

        var openCount = 1
        var index = root.end
        while index < characters.count {
            guard characters[index] == "<" else {
                index += 1
                continue
            }
            switch readElement(characters, at: index) {
            case .failure(let stoppedAt):
                index = stoppedAt
            case .element(let element):
                index = element.end
                if element.name == root.name {
                    openCount += 1
                } else if element.name.first == "/", element.name.dropFirst().elementsEqual(root.name) {
                    openCount -= 1
                    if openCount == 0 { return index }
                }
            }
        }
        return index
    }

    private struct Element {
        var name: ArraySlice<Character>
        var isSelfClosing: Bool
        var end: Int
    }

    private enum ReadResult {
        case element(Element)
        /// Ink's reader threw here, having already moved to this index.
        case failure(stoppedAt: Int)
    }

    /// `Reader.readHTMLElement`: a name up to whitespace or `>`, then anything up to the next `>`.
    private static func readElement(_ characters: [Character], at start: Int) -> ReadResult {
        let nameStart = start + 1
        var index = nameStart
        while index < characters.count {
            let character = characters[index]
            guard character.isWhitespace || character == ">" else {
                index += 1
                continue
            }
            let name = characters[nameStart..<index]
            guard !name.isEmpty else { return .failure(stoppedAt: index) }
            var closing = index
            while closing < characters.count, characters[closing] != ">" {
                closing += 1
            }
            guard closing < characters.count else { return .failure(stoppedAt: closing) }
            let suffix = characters[index..<closing]
            if name.last == "/" {
                return .element(Element(name: name.dropLast(), isSelfClosing: true, end: closing + 1))
            }
            let isSelfClosing = suffix.last == "/" || name.elementsEqual(["!", "-", "-"])
            return .element(Element(name: name, isSelfClosing: isSelfClosing, end: closing + 1))
        }
        return .failure(stoppedAt: index)
    }
}
