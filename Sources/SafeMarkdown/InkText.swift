/// Text that Ink copies through literally, written with character references so Ink reads no
/// Markdown or HTML in it. Each reference decodes back to the same character in the sanitizer,
/// in text and in attribute values alike.
enum InkText {
    static func literal<S: Sequence<Character>>(_ text: S) -> String {
        var result = ""
        for character in text {
            result += reference(for: character) ?? String(character)
        }
        return result
    }

    /// The character reference Ink passes through unchanged for a character that means something
    /// to Ink, or nil for an ordinary character.
    static func reference(for character: Character) -> String? {
        switch character {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\"": return "&quot;"
        case "[": return "&#91;"
        case "]": return "&#93;"
        case "(": return "&#40;"
        case ")": return "&#41;"
        case "`": return "&#96;"
        case "*": return "&#42;"
        case "_": return "&#95;"
        case "~": return "&#126;"
        case "|": return "&#124;"
        case "\\": return "&#92;"
        case "!": return "&#33;"
        default: return nil
        }
    }
}
