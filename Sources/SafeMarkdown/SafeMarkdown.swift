/// Renders a repository's README (GitHub Markdown) as HTML that is safe to put in our pages (GH-3).
///
/// The README is cut to 512 KB and parsed by cmark-gfm, GitHub's own parser, with GitHub's
/// extensions (`GFMParser`). `ReadmeTreeWriter` then walks the tree and writes our own markup:
/// what the Markdown made needs no re-parsing, and only the README's raw HTML goes through the
/// allow-list (`SanitizedTreeBuilder`), which keeps no script, event handler, style or
/// dangerous URL. Every step is linear in the README's size, and the guards in
/// `MarkdownSource.prepared` bound what a README made of one construct repeated can cost.
public enum SafeMarkdown {
    /// A README longer than this many UTF-8 bytes is rendered up to this point only.
    public static let maximumMarkdownBytes = ReadmeLimits.maximumMarkdownBytes

    public static func render(_ markdown: String, links: ReadmeLinks) -> SanitizedHTML {
        let source = MarkdownSource.prepared(markdown)
        let markup = GFMParser.withDocument(source) { document in
            ReadmeTreeWriter.html(for: document, links: links)
        }
        return SanitizedHTML(markup: markup)
    }
}
