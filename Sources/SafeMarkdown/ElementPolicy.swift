/// Which elements a README may contain, and which are removed together with their content.
enum ElementPolicy {
    static let allowed: Set<String> = [
        "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "ul", "ol", "li", "blockquote", "pre",
        "code", "em", "strong", "b", "i", "del", "s", "a", "img", "table", "thead", "tbody", "tr",
        "th", "td", "dl", "dt", "dd", "sup", "sub", "kbd", "details", "summary", "span", "div",
    ]

    /// Elements whose content is not meant to be read as text (scripts, styles, embedded
    /// documents, forms, foreign markup): removed with everything inside them.
    static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "object", "embed", "template", "noscript", "textarea", "title",
        "xmp", "noembed", "noframes", "plaintext", "svg", "math", "form", "select", "button", "input",
        "base", "meta", "link", "frame", "frameset", "applet",
    ]

    /// Elements that never have content or an end tag.
    static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "frame", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr",
    ]

    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// Start tags before which a browser closes an open `<p>`.
    static let closesParagraph: Set<String> = [
        "p", "blockquote", "details", "div", "dl", "ol", "ul", "summary", "pre", "table", "hr",
        "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6",
    ]

    /// The allowed elements the HTML standard calls "special": they stop a browser's search for
    /// an open `<li>`, `<dd>` or `<dt>` to close.
    static let special: Set<String> = [
        "blockquote", "br", "dd", "details", "div", "dl", "dt", "h1", "h2", "h3", "h4", "h5", "h6",
        "hr", "img", "li", "ol", "p", "pre", "summary", "table", "tbody", "td", "th", "thead", "tr", "ul",
    ]

    /// Elements that may only appear inside a table, row group or row.
    static let tableParts: Set<String> = ["thead", "tbody", "tr", "th", "td"]

    /// Elements whose direct content browsers move out of the table ("foster parenting"):
    /// only table parts and whitespace are kept there.
    static let tableStructure: Set<String> = ["table", "thead", "tbody", "tr"]
}
