/// One attribute of an element. Names are literals; values are escaped. A nil value or a false
/// flag leaves the attribute out, so optional attributes need no `if`.
public struct Attribute: Sendable {
    enum Value: Sendable {
        case text(String)
        case present
        case absent
    }

    let key: StaticString
    let content: Value

    /// `name="value"`, or nothing when `value` is nil.
    public static func attr(_ name: StaticString, _ value: String?) -> Attribute {
        Attribute(key: name, content: value.map(Value.text) ?? .absent)
    }

    /// `name="value"` only when `condition` holds.
    public static func attr(_ name: StaticString, _ value: String, when condition: Bool) -> Attribute {
        Attribute(key: name, content: condition ? .text(value) : .absent)
    }

    /// A boolean attribute (`selected`, `hidden`, `download` …), present when `condition` holds.
    public static func flag(_ name: StaticString, when condition: Bool = true) -> Attribute {
        Attribute(key: name, content: condition ? .present : .absent)
    }

    public static func `class`(_ value: String) -> Attribute { attr("class", value) }
    public static func id(_ value: String) -> Attribute { attr("id", value) }
    public static func href(_ value: String) -> Attribute { attr("href", value) }
    public static func type(_ value: String) -> Attribute { attr("type", value) }
    public static func name(_ value: String) -> Attribute { attr("name", value) }
    public static func value(_ value: String?) -> Attribute { attr("value", value) }
    public static func ariaLabel(_ value: String?) -> Attribute { attr("aria-label", value) }

    func render(into writer: inout HTMLWriter) {
        switch content {
        case .absent:
            return
        case .present:
            writer.byte(UInt8(ascii: " "))
            writer.write(key)
        case .text(let text):
            writer.byte(UInt8(ascii: " "))
            writer.write(key)
            writer.write("=\"")
            writer.escape(text)
            writer.byte(UInt8(ascii: "\""))
        }
    }
}
