import Ink

/// Renders a repository's README (GitHub Markdown) as HTML that is safe to put in our pages.
///
/// Ink turns the Markdown into HTML; Ink also passes raw HTML through, so everything it produces
/// then goes through `HTMLSanitizer`, which keeps only allow-listed elements and attributes and
/// rebuilds the markup from scratch. Before Ink, the README is cut to 512 KB, split into blocks
/// and guarded against the inputs that make Ink 0.6.0 crash, hang or slow down (see
/// `InkBlockGuard`), so any input renders in linear time.
public enum SafeMarkdown {
    /// A README longer than this many UTF-8 bytes is rendered up to this point only.
    public static let maximumMarkdownBytes = ReadmeLimits.maximumMarkdownBytes

    public static func render(_ markdown: String, links: ReadmeLinks) -> SanitizedHTML {
        HTMLSanitizer.sanitize(inkHTML(for: markdown), links: links)
    }

    /// Ink's HTML for the README, before sanitizing: raw HTML in the README is still in it.
    static func inkHTML(for markdown: String) -> String {
        let blocks = MarkdownBlocks.split(MarkdownSource.prepared(markdown)).map { block in
            (text: InkBlockGuard.prepared(block), isFencedCode: block.isFencedCode)
        }
        let definitions = ReferenceDefinitions(collectingFrom: blocks)
        let parser = MarkdownParser()
        var html = ""
        for block in blocks {
            let text = block.isFencedCode ? block.text : definitions.prefixingDefinitions(to: block.text)
            html += parser.html(from: text)
            html += "\n"
        }
        return html
    }
}
