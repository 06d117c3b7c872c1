import ByteEncoding
import Crypto
import Foundation
import GitHub

/// `/github/languages.css?v=<digest>`: the colour of each language GitHub draws beside a
/// repository (GH-2), as one rule per language. The CSP forbids inline styles, and the table is
/// the same for everyone, so browsers keep it for a year under a URL that changes with it.
enum LanguageStylesheet {
    static let css: String = {
        var rules = [#".repo-language { --language: \#(LanguageColors.neutral); }"#]
        for (name, color) in LanguageColors.table.sorted(by: { $0.key < $1.key }) {
            rules.append(#".repo-language[data-language="\#(cssString(name.lowercased()))"] { --language: \#(color); }"#)
        }
        return rules.joined(separator: "\n") + "\n"
    }()

    static let href: String = {
        let digest = Hex.encode(SHA256.hash(data: Data(css.utf8)).prefix(8))
        return GitHubPath.languages.link(query: ["v": digest])
    }()

    /// `text` inside a double-quoted CSS string: quotes and backslashes escaped.
    private static func cssString(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
