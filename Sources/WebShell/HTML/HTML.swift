/// A piece of HTML: text, an element, or several pieces in a row. Views build it with
/// `@HTMLBuilder` and the tag functions (`HTML.div`, `HTML.a` …); `render()` writes it once.
///
/// Text and attribute values are always escaped. The only way to write markup unescaped is
/// `HTML.trusted(_:)`, which takes a `StaticString`: a literal in our own source, never data.
public struct HTML: Sendable {
    enum Node: Sendable {
        case text(String)
        case trusted(StaticString)
        case element(name: StaticString, attributes: [Attribute], children: [HTML], isVoid: Bool)
        case fragment([HTML])
    }

    let node: Node

    /// Escaped text.
    public static func text(_ text: String) -> HTML { HTML(node: .text(text)) }

    /// Markup written as it is. Only compile-time literals qualify, so no person's text can.
    public static func trusted(_ markup: StaticString) -> HTML { HTML(node: .trusted(markup)) }

    /// Several pieces in a row.
    public static func fragment(@HTMLBuilder _ content: () -> [HTML]) -> HTML { HTML(node: .fragment(content())) }

    /// Nothing at all.
    public static let empty = HTML(node: .fragment([]))

    /// An element with content; `isVoid` elements (`input`, `img` …) have no end tag.
    public static func element(_ name: StaticString, _ attributes: [Attribute], children: [HTML] = [], isVoid: Bool = false) -> HTML {
        HTML(node: .element(name: name, attributes: attributes, children: children, isVoid: isVoid))
    }

    /// The bytes of this HTML (UTF-8), with `<!doctype html>` first when `document` is set.
    public func render(into writer: inout HTMLWriter) {
        switch node {
        case .text(let text):
            writer.escape(text)
        case .trusted(let markup):
            writer.write(markup)
        case .element(let name, let attributes, let children, let isVoid):
            writer.write("<")
            writer.write(name)
            for attribute in attributes { attribute.render(into: &writer) }
            writer.write(">")
            if isVoid { return }
            for child in children { child.render(into: &writer) }
            writer.write("</")
            writer.write(name)
            writer.write(">")
        case .fragment(let children):
            for child in children { child.render(into: &writer) }
        }
    }

    /// The HTML as a string, for tests (pages go straight to bytes).
    func rendered() -> String {
        var writer = HTMLWriter(capacity: 1024)
        render(into: &writer)
        return writer.string
    }
}

/// Builds `[HTML]` from statements: elements, strings (escaped), `if`, `if let`, `switch`, `for`.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ html: HTML) -> [HTML] { [html] }
    public static func buildExpression(_ text: String) -> [HTML] { [HTML(node: .text(text))] }
    public static func buildExpression(_ items: [HTML]) -> [HTML] { items }
    public static func buildBlock() -> [HTML] { [] }
    public static func buildBlock(_ parts: [HTML]...) -> [HTML] {
        if parts.count == 1 { return parts[0] }
        var all: [HTML] = []
        all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { all.append(contentsOf: part) }
        return all
    }
    public static func buildOptional(_ part: [HTML]?) -> [HTML] { part ?? [] }
    public static func buildEither(first: [HTML]) -> [HTML] { first }
    public static func buildEither(second: [HTML]) -> [HTML] { second }
    public static func buildArray(_ parts: [[HTML]]) -> [HTML] {
        var all: [HTML] = []
        all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { all.append(contentsOf: part) }
        return all
    }
}
