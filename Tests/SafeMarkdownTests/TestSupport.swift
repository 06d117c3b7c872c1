import Foundation
import Testing
import SafeMarkdown

enum Fixtures {
    static let linkBase = URL(string: "https://github.com/octo/hello/blob/main/")!
    static let imageBase = URL(string: "https://raw.githubusercontent.com/octo/hello/main/")!

    /// Links whose image proxy answers for every image, the way the GitHub app's would.
    static let proxiedLinks = ReadmeLinks(
        linkBase: linkBase,
        imageBase: imageBase,
        imagePlaceholderLabel: "Image",
        proxiedImage: { url in
            "/readme-image?url=" + (url.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        })

    /// Links with no image proxy yet: every image becomes a placeholder.
    static let placeholderLinks = ReadmeLinks(
        linkBase: linkBase, imageBase: imageBase, imagePlaceholderLabel: "Obraz", proxiedImage: { _ in nil })

    /// No bases: relative links and images cannot be resolved.
    static let noBases = ReadmeLinks()
}

func render(_ markdown: String, links: ReadmeLinks = Fixtures.proxiedLinks) -> String {
    SafeMarkdown.render(markdown, links: links).markup
}

func sanitize(_ html: String, links: ReadmeLinks = Fixtures.proxiedLinks) -> String {
    HTMLSanitizer.sanitize(html, links: links).markup
}

/// Records every problem the independent inspector finds in `markup`.
func expectSafe(
    _ markup: String,
    _ context: String = "",
    refusesSchemesAnywhere: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let inspector = OutputInspector(markup, refusesSchemesAnywhere: refusesSchemesAnywhere)
    #expect(inspector.problems.isEmpty, "\(context)\n\(inspector.problems)\n\(markup)", sourceLocation: sourceLocation)
}

/// The text a reader sees, with references decoded and whitespace collapsed.
func visibleText(_ markup: String) -> String {
    OutputInspector(markup).text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}
