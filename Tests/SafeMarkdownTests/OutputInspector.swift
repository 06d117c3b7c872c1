import Foundation

/// An independent reader of the sanitizer's output, written for the tests only: it shares no
/// code with the package, so a bug in the package's tokenizer or escaping cannot hide itself.
/// It reads markup the way a browser would (quoted, unquoted and valueless attributes) and
/// reports everything that would make the output unsafe or unbalanced.
struct OutputInspector {
    struct Tag: Equatable {
        var name: String
        var attributes: [String: String]
        var isEnd: Bool
    }

    static let allowedAttributes: [String: Set<String>] = {
        var allowed: [String: Set<String>] = [
            "a": ["href", "title", "rel", "id", "name", "aria-label"],
            "img": ["src", "alt", "title", "width", "height", "loading", "decoding"],
            "code": ["class"], "pre": ["class"], "th": ["class"], "td": ["class"],
            "ol": ["start"], "details": ["open"], "span": ["class", "role", "aria-label"],
            "p": ["class"], "div": ["class"], "li": ["class", "id"], "section": ["class"],
            "input": ["type", "disabled", "checked"],
        ]
        for level in 1...6 { allowed["h\(level)"] = ["id", "class"] }
        for name in ["br", "hr", "ul", "blockquote", "em", "strong", "b", "i", "del", "s",
                     "table", "thead", "tbody", "tr", "dl", "dt", "dd", "sup", "sub", "kbd", "summary"] {
            allowed[name] = []
        }
        return allowed
    }()

    static let voidElements: Set<String> = ["br", "hr", "img", "input"]

    let markup: String
    /// Whether `javascript:`, `vbscript:`, `data:` and `file:` are refused anywhere in a URL, not
    /// only as its scheme (for hand-written inputs; random ones may put them in a harmless path).
    let refusesSchemesAnywhere: Bool
    private(set) var tags: [Tag] = []
    private(set) var rawTags: [String] = []
    private(set) var problems: [String] = []
    /// The text content, with references decoded.
    private(set) var text = ""

    init(_ markup: String, refusesSchemesAnywhere: Bool = true) {
        self.markup = markup
        self.refusesSchemesAnywhere = refusesSchemesAnywhere
        parse()
        check()
    }

    // MARK: - Reading

    private mutating func parse() {
        let characters = Array(markup.unicodeScalars)
        var index = 0
        var pendingText = ""
        while index < characters.count {
            let character = characters[index]
            guard character == "<" else {
                pendingText.unicodeScalars.append(character)
                index += 1
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if next == "!" || next == "?" {
                problems.append("markup declaration or comment at \(index)")
            }
            let isEnd = next == "/"
            let nameStart = index + (isEnd ? 2 : 1)
            guard nameStart < characters.count, characters[nameStart].properties.isAlphabetic else {
                problems.append("bare < at \(index)")
                pendingText.unicodeScalars.append(character)
                index += 1
                continue
            }
            text += Self.decoded(pendingText)
            pendingText = ""
            var cursor = nameStart
            var name = ""
            while cursor < characters.count, !" \t\n\r\u{0C}/>".unicodeScalars.contains(characters[cursor]) {
                name.unicodeScalars.append(characters[cursor])
                cursor += 1
            }
            var attributes: [String: String] = [:]
            while cursor < characters.count, characters[cursor] != ">" {
                if " \t\n\r\u{0C}/".unicodeScalars.contains(characters[cursor]) {
                    cursor += 1
                    continue
                }
                var attributeName = ""
                while cursor < characters.count, !" \t\n\r\u{0C}/>=".unicodeScalars.contains(characters[cursor]) {
                    attributeName.unicodeScalars.append(characters[cursor])
                    cursor += 1
                }
                var value = ""
                if cursor < characters.count, characters[cursor] == "=" {
                    cursor += 1
                    if cursor < characters.count, characters[cursor] == "\"" || characters[cursor] == "'" {
                        let quote = characters[cursor]
                        cursor += 1
                        while cursor < characters.count, characters[cursor] != quote {
                            value.unicodeScalars.append(characters[cursor])
                            cursor += 1
                        }
                        cursor += 1
                    } else {
                        problems.append("unquoted attribute value in <\(name)>")
                        while cursor < characters.count, !" \t\n\r\u{0C}>".unicodeScalars.contains(characters[cursor]) {
                            value.unicodeScalars.append(characters[cursor])
                            cursor += 1
                        }
                    }
                }
                if attributes[attributeName.lowercased()] != nil {
                    problems.append("duplicate attribute \(attributeName)")
                }
                attributes[attributeName.lowercased()] = Self.decoded(value)
            }
            tags.append(Tag(name: name.lowercased(), attributes: attributes, isEnd: isEnd))
            rawTags.append(String(String.UnicodeScalarView(characters[index..<min(cursor + 1, characters.count)])))
            index = cursor + 1
        }
        text += Self.decoded(pendingText)
    }

    /// Decodes the references the writer uses, and numeric ones, as a browser would.
    static func decoded(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let named = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'"]
            if let (entity, value) = named.first(where: { rest.hasPrefix($0.key) }) {
                result += value
                rest = rest.dropFirst(entity.count)
            } else if rest.hasPrefix("&#") {
                let isHex = rest.dropFirst(2).first.map { $0 == "x" || $0 == "X" } ?? false
                let digits = rest.dropFirst(isHex ? 3 : 2).prefix(while: { isHex ? $0.isHexDigit : $0.isNumber })
                if let value = UInt32(digits, radix: isHex ? 16 : 10), let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                    rest = rest.dropFirst((isHex ? 3 : 2) + digits.count)
                    if rest.first == ";" { rest = rest.dropFirst() }
                } else {
                    result += "&"
                    rest = rest.dropFirst()
                }
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    // MARK: - Checking

    private mutating func check() {
        if markup.range(of: "<script", options: .caseInsensitive) != nil {
            problems.append("<script in output")
        }
        for rawTag in rawTags {
            // The tag without its (double-quoted) values: what is left are names.
            let names = rawTag.lowercased().replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
            if names.range(of: #"[\s/'"]style\s*="#, options: .regularExpression) != nil {
                problems.append("style attribute in \(rawTag)")
            }
            if names.range(of: #"[\s/'"]on[a-z]*\s*="#, options: .regularExpression) != nil {
                problems.append("event handler in \(rawTag)")
            }
        }
        var stack: [String] = []
        for tag in tags {
            guard let allowed = Self.allowedAttributes[tag.name] else {
                problems.append("element <\(tag.name)> is not allowed")
                continue
            }
            if tag.isEnd {
                if stack.last == tag.name {
                    stack.removeLast()
                } else {
                    problems.append("</\(tag.name)> does not close the innermost open element \(stack.last ?? "none")")
                }
                continue
            }
            for (name, value) in tag.attributes {
                if name.hasPrefix("on") { problems.append("event handler \(name) on <\(tag.name)>") }
                if !allowed.contains(name) { problems.append("attribute \(name) on <\(tag.name)>") }
                if name == "href" || name == "src" { checkURL(value, attribute: name) }
                if name == "class" { checkClass(value, on: tag.name) }
                if name == "id" || (name == "name" && tag.name == "a") {
                    if !value.hasPrefix("user-content-") { problems.append("unprefixed \(name)=\(value)") }
                }
            }
            if tag.name == "input", tag.attributes["type"] != "checkbox" || tag.attributes["disabled"] == nil {
                problems.append("an input that is not a disabled checkbox")
            }
            if tag.name == "a", tag.attributes["href"].map({ $0.hasPrefix("http") || $0.hasPrefix("mailto:") }) == true,
               tag.attributes["rel"] != "nofollow noopener noreferrer" {
                problems.append("absolute link without rel")
            }
            if !Self.voidElements.contains(tag.name) {
                stack.append(tag.name)
            }
        }
        if !stack.isEmpty {
            problems.append("unclosed elements \(stack)")
        }
    }

    private mutating func checkURL(_ value: String, attribute: String) {
        let probe = String(String.UnicodeScalarView(value.unicodeScalars.filter {
            $0.value > 0x20 && $0.value != 0x7F && !$0.properties.isWhitespace
        })).lowercased()
        for scheme in ["javascript:", "vbscript:", "data:", "file:"]
        where refusesSchemesAnywhere ? probe.contains(scheme) : probe.hasPrefix(scheme) {
            problems.append("\(attribute) contains \(scheme): \(value)")
        }
        let allowedStarts = attribute == "src" ? ["/"] : ["http://", "https://", "mailto:", "#"]
        if !allowedStarts.contains(where: { probe.hasPrefix($0) }) || probe.hasPrefix("//") {
            problems.append("\(attribute) points outside the allowed targets: \(value)")
        }
    }

    private mutating func checkClass(_ value: String, on element: String) {
        let allowed: Bool
        switch element {
        case "code", "pre":
            allowed = value.hasPrefix("language-") && value.dropFirst(9).allSatisfy {
                $0.isASCII && ($0.isLetter || $0.isNumber || "_+-".contains($0))
            } && value.count > 9
        case "th", "td", "p", "div", "h1", "h2", "h3", "h4", "h5", "h6":
            allowed = ["align-left", "align-center", "align-right"].contains(value)
        case "li":
            allowed = value == "task-list-item"
        case "section":
            allowed = value == "footnotes"
        case "span":
            allowed = ["readme-image-placeholder", "readme-image-placeholder-label"].contains(value)
        default:
            allowed = false
        }
        if !allowed { problems.append("class=\(value) on <\(element)>") }
    }
}
