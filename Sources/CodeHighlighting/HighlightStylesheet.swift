/// The colours of `TokenClass`'s CSS classes (issue 49), for the page's stylesheet: GitHub's own
/// (Primer's light and dark syntax colours), each reaching WCAG AA (4.5:1) as text on white and on
/// GitHub's dark background `#0d1117` (`CodeHighlightingTests` measures them).
///
/// The page serves `css` from a file of its own (the CSP forbids inline styles), as GitHubWeb's
/// `LanguageStylesheet` does: the light colours apply everywhere, the dark ones inside an element
/// of class `hl-dark` (AppDeck's pages are light only today, so no media query decides for it).
public enum HighlightStylesheet {
    /// A class's colour on a light background and on a dark one, as `#rrggbb`.
    public struct Colors: Sendable, Equatable {
        public let light: String
        public let dark: String
    }

    /// The background the dark colours are made for.
    public static let darkBackground = "#0d1117"

    public static func colors(of tokenClass: TokenClass) -> Colors {
        switch tokenClass {
        case .keyword: Colors(light: "#cf222e", dark: "#ff7b72")
        case .type: Colors(light: "#953800", dark: "#ffa657")
        case .string: Colors(light: "#0a3069", dark: "#a5d6ff")
        case .comment: Colors(light: "#59636e", dark: "#8b949e")
        case .number: Colors(light: "#0550ae", dark: "#79c0ff")
        case .preprocessor: Colors(light: "#116329", dark: "#7ee787")
        case .function: Colors(light: "#8250df", dark: "#d2a8ff")
        case .variable: Colors(light: "#0550ae", dark: "#79c0ff")
        case .symbol: Colors(light: "#57606a", dark: "#b1bac4")
        }
    }

    /// One rule per class for light pages, one per class under `.hl-dark`; comments in italics.
    public static let css: String = {
        var rules: [String] = []
        for tokenClass in TokenClass.allCases {
            let style = tokenClass == .comment ? "; font-style: italic" : ""
            rules.append(".\(tokenClass.cssClass) { color: \(colors(of: tokenClass).light)\(style); }")
        }
        for tokenClass in TokenClass.allCases {
            rules.append(".hl-dark .\(tokenClass.cssClass) { color: \(colors(of: tokenClass).dark); }")
        }
        return rules.joined(separator: "\n") + "\n"
    }()
}
