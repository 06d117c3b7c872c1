/// Writes the sanitized markup. Every text and attribute value goes through `escaped`, and every
/// attribute value is double-quoted, so nothing written here can start a tag or end an attribute.
struct MarkupWriter {
    private(set) var markup = ""

    mutating func startTag(_ name: String, _ attributes: [(name: String, value: String)] = []) {
        markup += "<" + name
        for attribute in attributes {
            markup += " " + attribute.name + "=\"" + Self.escaped(attribute.value) + "\""
        }
        markup += ">"
    }

    mutating func endTag(_ name: String) {
        markup += "</" + name + ">"
    }

    mutating func text(_ text: String) {
        markup += Self.escaped(text)
    }

    /// `& < > " '` as references; control characters other than tab and line feed, which HTML
    /// does not allow in text, are left out.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
