/// A small HTML tokenizer following the HTML standard's tokenization closely enough that what it
/// calls a tag, a comment or text is what a browser would, for the input it is given.
///
/// It handles start and end tags with quoted, unquoted and valueless attributes, comments
/// (including `<!-->` and unclosed ones, which run to the end), `<!doctype>`, CDATA and other
/// bogus comments, a `<` that starts no tag (text), character references, and the elements whose
/// content is raw text (`script`, `style`, `textarea`…), whose content is never read as tags.
/// A tag cut off by the end of the input is dropped, as browsers drop it.
struct HTMLTokenizer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var tokens: [HTMLToken] = []
    private var pendingText = ""

    static func tokenize(_ html: String) -> [HTMLToken] {
        var tokenizer = HTMLTokenizer(scalars: Array(html.unicodeScalars))
        tokenizer.run()
        return tokenizer.tokens
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private mutating func run() {
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "<", readMarkup() {
                continue
            }
            if scalar == "&" {
                for decoded in readCharacterReference(inAttribute: false) {
                    pendingText.unicodeScalars.append(decoded)
                }
            } else {
                pendingText.unicodeScalars.append(scalar)
                position += 1
            }
        }
        flushText()
    }

    // MARK: - Markup

    /// Reads what starts at a `<`; false when the `<` is just text.
    private mutating func readMarkup() -> Bool {
        let next = scalar(at: position + 1)
        switch next {
        case let letter? where letter.isASCIILetter:
            readTag(isEndTag: false)
        case "/":
            guard let afterSlash = scalar(at: position + 2) else { return false }
            if afterSlash.isASCIILetter {
                readTag(isEndTag: true)
            } else if afterSlash == ">" {
                position += 3
            } else {
                skipBogusComment(from: position + 2)
            }
        case "!":
            if starts(with: "<!--", at: position) {
                skipComment()
            } else {
                skipBogusComment(from: position + 2)
            }
        case "?":
            skipBogusComment(from: position + 1)
        default:
            return false
        }
        return true
    }

    private mutating func readTag(isEndTag: Bool) {
        position += isEndTag ? 2 : 1
        var name = ""
        while let scalar = scalar(at: position), !scalar.isHTMLWhitespace, scalar != "/", scalar != ">" {
            name.unicodeScalars.append(scalar == "\0" ? "\u{FFFD}" : scalar.asciiLowercased)
            position += 1
        }
        guard let (attributes, isSelfClosing) = readAttributes() else {
            // The input ended inside the tag.
            position = scalars.count
            return
        }
        flushText()
        if isEndTag {
            tokens.append(.endTag(name: name))
            return
        }
        tokens.append(.startTag(name: name, attributes: attributes, isSelfClosing: isSelfClosing))
        if name == "plaintext" {
            readRawText(until: nil)
        } else if HTMLTokenizer.rawTextElements.contains(name) {
            readRawText(until: name)
        }
    }

    /// Reads attributes up to and including the tag's `>`; nil if the input ends first.
    private mutating func readAttributes() -> (attributes: [HTMLAttribute], isSelfClosing: Bool)? {
        var attributes: [HTMLAttribute] = []
        while true {
            skipWhitespace()
            guard let scalar = scalar(at: position) else { return nil }
            if scalar == ">" {
                position += 1
                return (attributes, false)
            }
            if scalar == "/" {
                position += 1
                if self.scalar(at: position) == ">" {
                    position += 1
                    return (attributes, true)
                }
                continue
            }
            let name = readAttributeName()
            skipWhitespace()
            var value = ""
            if self.scalar(at: position) == "=" {
                position += 1
                skipWhitespace()
                guard let readValue = readAttributeValue() else { return nil }
                value = readValue
            }
            if !attributes.contains(where: { $0.name == name }) {
                attributes.append(HTMLAttribute(name: name, value: value))
            }
        }
    }

    private mutating func readAttributeName() -> String {
        var name = String.UnicodeScalarView()
        // A leading `=` belongs to the name, as the standard says.
        if scalar(at: position) == "=" {
            name.append("=")
            position += 1
        }
        while let scalar = scalar(at: position), !scalar.isHTMLWhitespace, scalar != "/", scalar != ">", scalar != "=" {
            name.append(scalar == "\0" ? "\u{FFFD}" : scalar.asciiLowercased)
            position += 1
        }
        return String(name)
    }

    /// A quoted or unquoted value with references decoded; nil if the input ends inside quotes.
    private mutating func readAttributeValue() -> String? {
        var value = ""
        guard let first = scalar(at: position) else { return "" }
        if first == "\"" || first == "'" {
            position += 1
            while let scalar = scalar(at: position) {
                if scalar == first {
                    position += 1
                    return value
                }
                appendAttributeScalar(scalar, to: &value)
            }
            return nil
        }
        while let scalar = scalar(at: position), !scalar.isHTMLWhitespace, scalar != ">" {
            appendAttributeScalar(scalar, to: &value)
        }
        return value
    }

    private mutating func appendAttributeScalar(_ scalar: Unicode.Scalar, to value: inout String) {
        if scalar == "&" {
            for decoded in readCharacterReference(inAttribute: true) {
                value.unicodeScalars.append(decoded)
            }
        } else {
            value.unicodeScalars.append(scalar)
            position += 1
        }
    }

    /// Raw text: everything up to `</name` followed by whitespace, `/` or `>`, or the end.
    private mutating func readRawText(until name: String?) {
        let start = position
        var end = scalars.count
        if let name {
            let closing = Array(("</" + name).unicodeScalars)
            var candidate = position
            while candidate + closing.count <= scalars.count {
                if scalars[candidate] == "<", matchesCaseInsensitively(closing, at: candidate) {
                    let after = scalar(at: candidate + closing.count)
                    if after == nil || after!.isHTMLWhitespace || after == "/" || after == ">" {
                        end = candidate
                        break
                    }
                }
                candidate += 1
            }
        }
        for scalar in scalars[start..<end] {
            pendingText.unicodeScalars.append(scalar)
        }
        position = end
        flushText()
    }

    private mutating func skipComment() {
        position += 4
        // `<!-->` and `<!--->` are complete, empty comments.
        if scalar(at: position) == ">" {
            position += 1
            return
        }
        if starts(with: "->", at: position) {
            position += 2
            return
        }
        while position < scalars.count {
            if starts(with: "-->", at: position) {
                position += 3
                return
            }
            if starts(with: "--!>", at: position) {
                position += 4
                return
            }
            position += 1
        }
    }

    private mutating func skipBogusComment(from start: Int) {
        position = start
        while let scalar = scalar(at: position) {
            position += 1
            if scalar == ">" { return }
        }
    }

    // MARK: - Character references

    private mutating func readCharacterReference(inAttribute: Bool) -> [Unicode.Scalar] {
        guard let reference = HTMLCharacterReference.decode(scalars, at: position, inAttribute: inAttribute) else {
            position += 1
            return ["&"]
        }
        position += reference.length
        return reference.scalars
    }

    // MARK: - Helpers

    private static let rawTextElements: Set<String> = [
        "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title",
    ]

    private func scalar(at index: Int) -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private mutating func skipWhitespace() {
        while let scalar = scalar(at: position), scalar.isHTMLWhitespace {
            position += 1
        }
    }

    private func starts(with text: StaticString, at index: Int) -> Bool {
        var offset = index
        for expected in text.description.unicodeScalars {
            guard scalar(at: offset) == expected else { return false }
            offset += 1
        }
        return true
    }

    private func matchesCaseInsensitively(_ expected: [Unicode.Scalar], at index: Int) -> Bool {
        for (offset, scalar) in expected.enumerated() where scalars[index + offset].asciiLowercased != scalar {
            return false
        }
        return true
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        tokens.append(.text(pendingText))
        pendingText = ""
    }
}
