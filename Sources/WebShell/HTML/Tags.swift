/// The tags AppDeck's views use, as `HTML` values: `.div(.class("cells")) { … }`.
/// Add a tag here when a view needs one; each is one line.
public extension HTML {
    static func html(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("html", attributes, content: content()) }
    static func head(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("head", attributes, content: content()) }
    static func body(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("body", attributes, content: content()) }
    static func title(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("title", attributes, content: content()) }
    static func header(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("header", attributes, content: content()) }
    static func nav(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("nav", attributes, content: content()) }
    static func main(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("main", attributes, content: content()) }
    static func section(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("section", attributes, content: content()) }
    static func article(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("article", attributes, content: content()) }
    static func div(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("div", attributes, content: content()) }
    static func span(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("span", attributes, content: content()) }
    static func p(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("p", attributes, content: content()) }
    static func h1(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("h1", attributes, content: content()) }
    static func h2(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("h2", attributes, content: content()) }
    static func ul(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("ul", attributes, content: content()) }
    static func ol(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("ol", attributes, content: content()) }
    static func li(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("li", attributes, content: content()) }
    static func a(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("a", attributes, content: content()) }
    static func form(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("form", attributes, content: content()) }
    static func fieldset(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("fieldset", attributes, content: content()) }
    static func legend(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("legend", attributes, content: content()) }
    static func button(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("button", attributes, content: content()) }
    static func label(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("label", attributes, content: content()) }
    static func select(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("select", attributes, content: content()) }
    static func option(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("option", attributes, content: content()) }
    static func progress(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("progress", attributes, content: content()) }
    static func time(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("time", attributes, content: content()) }
    static func output(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("output", attributes, content: content()) }
    static func details(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("details", attributes, content: content()) }
    static func summary(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("summary", attributes, content: content()) }
    static func dialog(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("dialog", attributes, content: content()) }
    static func strong(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("strong", attributes, content: content()) }
    static func pre(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("pre", attributes, content: content()) }
    static func code(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("code", attributes, content: content()) }
    static func script(_ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element("script", attributes, content: content()) }
    static func meta(_ attributes: Attribute...) -> HTML { element("meta", attributes, isVoid: true) }
    static func link(_ attributes: Attribute...) -> HTML { element("link", attributes, isVoid: true) }
    static func img(_ attributes: Attribute...) -> HTML { element("img", attributes, isVoid: true) }
    static func input(_ attributes: Attribute...) -> HTML { element("input", attributes, isVoid: true) }
}
