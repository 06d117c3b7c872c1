/// HTML written straight into the page's bytes, for the long lists of a page (50 car cells,
/// 100 habit cards, 500 photos): the same escaping as the `HTML` tree, with no tree built, kept and
/// freed first. A view hands `HTML.streamed` a closure that writes its elements in order; the
/// page calls it once, when it writes that spot.
extension HTML {
    /// Content written by `body` when the page is written.
    public static func streamed(_ body: @escaping @Sendable (inout HTMLWriter) -> Void) -> HTML {
        HTML(node: .streamed(body))
    }
}

extension HTMLWriter {
    /// `<name attributes>`, what `content` writes, `</name>`.
    public mutating func element(_ name: StaticString, _ attributes: Attribute..., content: (inout HTMLWriter) -> Void) {
        startTag(name, attributes)
        content(&self)
        write("</")
        write(name)
        byte(UInt8(ascii: ">"))
    }

    /// `<name attributes>` with text in it, escaped.
    public mutating func element(_ name: StaticString, _ attributes: Attribute..., text: String) {
        startTag(name, attributes)
        escape(text)
        write("</")
        write(name)
        byte(UInt8(ascii: ">"))
    }

    /// `<name attributes>` of an element without content or end tag (`input`, `img`, `hr`).
    public mutating func voidElement(_ name: StaticString, _ attributes: Attribute...) {
        startTag(name, attributes)
    }

    /// Text, escaped.
    public mutating func text(_ text: String) {
        escape(text)
    }

    /// Markup as it is written in the source: tags and attributes a hot list writes around its
    /// values (500 photos), without building `Attribute`s for them. Only a compile-time literal is
    /// accepted, so no value a person typed can arrive here; values go through `text` or `number`.
    @inlinable
    public mutating func markup(_ literal: StaticString) {
        write(literal)
    }

    /// A whole number in decimal, as text or inside an attribute's quotes: digits need no escaping.
    public mutating func number(_ value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: any Int in decimal, with its sign
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[start...]))
        }
    }

    /// A piece of the `HTML` tree (a shared input, a trusted icon) at this spot.
    public mutating func write(_ html: HTML) {
        html.render(into: &self)
    }

    private mutating func startTag(_ name: StaticString, _ attributes: [Attribute]) {
        byte(UInt8(ascii: "<"))
        write(name)
        attributes.withUnsafeBufferPointer { attributes in
            for index in attributes.indices { attributes[index].render(into: &self) }
        }
        byte(UInt8(ascii: ">"))
    }
}
