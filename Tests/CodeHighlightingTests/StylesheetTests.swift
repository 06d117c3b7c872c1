import CodeHighlighting
import Foundation
import Testing

/// Issue 49: the classes' colours keep WCAG AA contrast on white and on #0d1117.
@Suite("Highlighting's stylesheet")
struct StylesheetTests {
    func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        func linear(_ channel: Int) -> Double {
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(value >> 16 & 0xFF) + 0.7152 * linear(value >> 8 & 0xFF) + 0.0722 * linear(value & 0xFF)
    }

    func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test("every class reaches 4.5:1 on white in light and on #0d1117 in dark", arguments: TokenClass.allCases)
    func contrastAA(_ tokenClass: TokenClass) {
        let colors = HighlightStylesheet.colors(of: tokenClass)
        #expect(contrast(colors.light, "#ffffff") >= 4.5)
        #expect(contrast(colors.dark, HighlightStylesheet.darkBackground) >= 4.5)
    }

    @Test("the stylesheet has a light and a dark rule for every class, and the class names are distinct")
    func rules() {
        for tokenClass in TokenClass.allCases {
            let colors = HighlightStylesheet.colors(of: tokenClass)
            #expect(HighlightStylesheet.css.contains(".\(tokenClass.cssClass) { color: \(colors.light)"))
            #expect(HighlightStylesheet.css.contains(".hl-dark .\(tokenClass.cssClass) { color: \(colors.dark); }"))
        }
        #expect(Set(TokenClass.allCases.map(\.cssClass)).count == TokenClass.allCases.count)
    }
}
