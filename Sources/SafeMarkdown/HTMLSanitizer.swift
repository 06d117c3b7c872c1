/// Turns untrusted HTML (the raw HTML in a README, or any HTML) into `SanitizedHTML`.
///
/// The input is tokenized (`HTMLTokenizer`) and the output rebuilt from the tokens by
/// `SanitizedTreeBuilder`: nothing of the input is copied through. Only allow-listed elements and
/// attributes are written, with text and attribute values escaped again, and the elements are
/// balanced so that a browser parses the output into exactly the tree that was written.
public enum HTMLSanitizer {
    public static func sanitize(_ html: String, links: ReadmeLinks) -> SanitizedHTML {
        var builder = SanitizedTreeBuilder(links: links)
        builder.appendRawHTML(HTMLTokenizer.tokenize(html))
        return SanitizedHTML(markup: builder.finish())
    }
}
