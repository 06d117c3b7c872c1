import ByteEncoding
import CodeHighlighting
import Crypto
import Foundation

/// `/github/highlight.css?v=<digest>`: the code view's token colours (issue 49). The colours are
/// CodeHighlighting's `HighlightStylesheet.css`, written there once; GitHubWeb serves them as it
/// serves `LanguageStylesheet` (the CSP forbids inline styles), for a year under a URL that
/// changes with them.
enum HighlightStylesheetRoute {
    static var css: String { HighlightStylesheet.css }

    static let href: String = {
        let digest = Hex.encode(SHA256.hash(data: Data(HighlightStylesheet.css.utf8)).prefix(8))
        return GitHubPath.highlight.link(query: ["v": digest])
    }()
}
