import Localization

/// A piece of HTML: text, an element, or several pieces in a row. Views build it with
/// `@HTMLBuilder` and the tag functions (`HTML.div`, `HTML.a` …); `render()` writes it once.
///
/// Text and attribute values are always escaped. The only way to write markup unescaped is
/// `HTML.trusted(_:)`, which takes a `StaticString`: a literal in our own source, never data.
public struct HTML: Sendable {
    enum Node: Sendable {
        case text(String)
        case trusted(StaticString)
        case sanitized(String)
        case streamed(@Sendable (inout HTMLWriter) -> Void)
        /// Bytes this type rendered before (`inLanguageOnly`).
        case rendered([UInt8])
        case element(name: StaticString, attributes: [Attribute], children: [HTML], isVoid: Bool)
        case fragment([HTML])
    }

    let node: Node

    /// Escaped text.
    public static func text(_ text: String) -> HTML { HTML(node: .text(text)) }

    /// Markup written as it is. Only compile-time literals qualify, so no person's text can.
    public static func trusted(_ markup: StaticString) -> HTML { HTML(node: .trusted(markup)) }

    /// Markup an allow-list sanitizer rebuilt from its own tokens (SafeMarkdown's output for a
    /// README), written as it is. The one way data reaches a page unescaped: review every caller
    /// (`grep -rn "sanitizedMarkup:"`); nothing else may pass a string here.
    public static func unescaped(sanitizedMarkup markup: String) -> HTML { HTML(node: .sanitized(markup)) }

    /// Markup that depends on the page's language alone (the offline bar's words, the shared
    /// alert), rendered once per catalogue under `key` and written as bytes from then on (issue
    /// 47: every page carries both). `content` may read the catalogue and nothing else: no token,
    /// no asset, no data.
    public static func inLanguageOnly(_ key: String, _ catalogue: Catalogue, @HTMLBuilder _ content: () -> HTML) -> HTML {
        HTML(node: .rendered(catalogue.derived("html." + key) {
            var writer = HTMLWriter(capacity: 1024)
            content().render(into: &writer)
            return writer.bytes
        }))
    }

    /// Several pieces in a row.
    public static func fragment(@HTMLBuilder _ content: () -> HTML) -> HTML { content() }

    /// Nothing at all.
    public static let empty = HTML(node: .fragment([]))

    /// An element with content; `isVoid` elements (`input`, `img` …) have no end tag.
    public static func element(_ name: StaticString, _ attributes: [Attribute], children: [HTML] = [], isVoid: Bool = false) -> HTML {
        HTML(node: .element(name: name, attributes: attributes, children: children, isVoid: isVoid))
    }

    /// An element around `content`, keeping a fragment's array as the children without copying it.
    static func element(_ name: StaticString, _ attributes: [Attribute], content: HTML) -> HTML {
        let children: [HTML]
        if case .fragment(let parts) = content.node { children = parts } else { children = [content] }
        return HTML(node: .element(name: name, attributes: attributes, children: children, isVoid: false))
    }

    /// The bytes of this HTML (UTF-8), with `<!doctype html>` first when `document` is set.
    public func render(into writer: inout HTMLWriter) {
        switch node {
        case .text(let text):
            writer.escape(text)
        case .trusted(let markup):
            writer.write(markup)
        case .sanitized(let markup):
            writer.writeUnescaped(markup)
        case .streamed(let body):
            body(&writer)
        case .rendered(let bytes):
            bytes.withUnsafeBufferPointer { writer.append($0) }
        case .element(let name, let attributes, let children, let isVoid):
            writer.byte(UInt8(ascii: "<"))
            writer.write(name)
            // Through the buffers: a plain `for` copies (retains and releases) every element.
            attributes.withUnsafeBufferPointer { attributes in
                for index in attributes.indices { attributes[index].render(into: &writer) }
            }
            writer.byte(UInt8(ascii: ">"))
            if isVoid { return }
            Self.render(children, into: &writer)
            writer.write("</")
            writer.write(name)
            writer.byte(UInt8(ascii: ">"))
        case .fragment(let children):
            Self.render(children, into: &writer)
        }
    }

    private static func render(_ children: [HTML], into writer: inout HTMLWriter) {
        children.withUnsafeBufferPointer { children in
            for index in children.indices { children[index].render(into: &writer) }
        }
    }

    /// The HTML as a string, for tests (pages go straight to bytes).
    func rendered() -> String {
        var writer = HTMLWriter(capacity: 1024)
        render(into: &writer)
        return writer.string
    }
}

/// Builds one `HTML` from statements: elements, strings (escaped), `if`, `if let`, `switch`, `for`.
/// A block is one fragment (one array), so a view allocates little more than its elements.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ html: HTML) -> HTML { html }
    public static func buildExpression(_ text: String) -> HTML { HTML(node: .text(text)) }
    public static func buildExpression(_ items: [HTML]) -> HTML { HTML(node: .fragment(items)) }
    public static func buildBlock() -> HTML { .empty }
    public static func buildBlock(_ part: HTML) -> HTML { part }
    public static func buildBlock(_ parts: HTML...) -> HTML { HTML(node: .fragment(parts)) }
    public static func buildOptional(_ part: HTML?) -> HTML { part ?? .empty }
    public static func buildEither(first: HTML) -> HTML { first }
    public static func buildEither(second: HTML) -> HTML { second }
    public static func buildArray(_ parts: [HTML]) -> HTML { HTML(node: .fragment(parts)) }
}
