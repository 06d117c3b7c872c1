/// A piece of HTML as `HTMLTokenizer` reads it. Comments, doctypes, CDATA sections and
/// processing instructions produce no token: nothing of them can reach the output.
enum HTMLToken: Equatable {
    /// Text with its character references decoded.
    case text(String)
    /// A start tag; the name and attribute names are lowercased, attribute values decoded.
    case startTag(name: String, attributes: [HTMLAttribute], isSelfClosing: Bool)
    case endTag(name: String)
}

struct HTMLAttribute: Equatable {
    var name: String
    var value: String
}

extension Array where Element == HTMLAttribute {
    /// The value of the first attribute with this name, as browsers keep the first of duplicates.
    func value(of name: String) -> String? {
        first(where: { $0.name == name })?.value
    }
}
