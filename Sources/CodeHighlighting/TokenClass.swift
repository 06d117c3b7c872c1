import CSourceHighlight

/// What a highlighted token is (issue 49): a small fixed set that every language's elements map
/// onto (source-highlight's `keyword`, `usertype`, `cbracket`, `preproc`... and ours), each with
/// the CSS class the page gives it. Text of no class is plain.
public enum TokenClass: String, CaseIterable, Sendable {
    case keyword, type, string, comment, number, preprocessor, function, variable, symbol

    /// The class attribute of the token's `<span>`: `hl-` and one letter, so that a page of
    /// 10,000 lines stays small (see `HighlightStylesheet`).
    public var cssClass: String {
        switch self {
        case .keyword: "hl-k"
        case .type: "hl-t"
        case .string: "hl-s"
        case .comment: "hl-c"
        case .number: "hl-n"
        case .preprocessor: "hl-p"
        case .function: "hl-f"
        case .variable: "hl-v"
        case .symbol: "hl-o"
        }
    }

    /// The class the C interface reports (`CSH_CLASS_*`); nil for plain text.
    init?(reported value: UInt8) {
        switch Int(value) {
        case CSH_CLASS_KEYWORD: self = .keyword
        case CSH_CLASS_TYPE: self = .type
        case CSH_CLASS_STRING: self = .string
        case CSH_CLASS_COMMENT: self = .comment
        case CSH_CLASS_NUMBER: self = .number
        case CSH_CLASS_PREPROCESSOR: self = .preprocessor
        case CSH_CLASS_FUNCTION: self = .function
        case CSH_CLASS_VARIABLE: self = .variable
        case CSH_CLASS_SYMBOL: self = .symbol
        default: return nil
        }
    }
}
