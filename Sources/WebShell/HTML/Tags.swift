/// The tags AppDeck's views use, as `HTML` values: `.div(.class("cells")) { … }`.
/// Add a tag here when a view needs one; each is one line.
public extension HTML {
    static func html(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("html", attributes, children: content()) }
    static func head(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("head", attributes, children: content()) }
    static func body(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("body", attributes, children: content()) }
    static func title(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("title", attributes, children: content()) }
    static func header(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("header", attributes, children: content()) }
    static func nav(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("nav", attributes, children: content()) }
    static func main(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("main", attributes, children: content()) }
    static func section(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("section", attributes, children: content()) }
    static func article(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("article", attributes, children: content()) }
    static func div(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("div", attributes, children: content()) }
    static func span(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("span", attributes, children: content()) }
    static func p(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("p", attributes, children: content()) }
    static func h1(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("h1", attributes, children: content()) }
    static func h2(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("h2", attributes, children: content()) }
    static func ul(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("ul", attributes, children: content()) }
    static func li(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("li", attributes, children: content()) }
    static func a(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("a", attributes, children: content()) }
    static func form(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("form", attributes, children: content()) }
    static func button(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("button", attributes, children: content()) }
    static func label(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("label", attributes, children: content()) }
    static func select(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("select", attributes, children: content()) }
    static func option(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("option", attributes, children: content()) }
    static func progress(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("progress", attributes, children: content()) }
    static func time(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("time", attributes, children: content()) }
    static func dialog(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("dialog", attributes, children: content()) }
    static func pre(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("pre", attributes, children: content()) }
    static func code(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("code", attributes, children: content()) }
    static func script(_ attributes: Attribute..., @HTMLBuilder content: () -> [HTML] = { [] }) -> HTML { element("script", attributes, children: content()) }
    static func meta(_ attributes: Attribute...) -> HTML { element("meta", attributes, isVoid: true) }
    static func link(_ attributes: Attribute...) -> HTML { element("link", attributes, isVoid: true) }
    static func img(_ attributes: Attribute...) -> HTML { element("img", attributes, isVoid: true) }
    static func input(_ attributes: Attribute...) -> HTML { element("input", attributes, isVoid: true) }
}
