/// HTML that went through `HTMLSanitizer`: only allow-listed elements and attributes, every
/// text and attribute value escaped, every element closed in order.
///
/// Only the sanitizer can make one, so a view that accepts `SanitizedHTML` can insert it as
/// markup without escaping it again. Insert it inside a `<div>` or `<article>`, never inside a
/// `<p>` (a paragraph would be closed by the README's first block element).
public struct SanitizedHTML: Sendable, Hashable {
    public let markup: String

    init(markup: String) {
        self.markup = markup
    }
}
