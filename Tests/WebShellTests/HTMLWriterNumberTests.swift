import Testing
import WebShell

@Suite("HTMLWriter: literal markup and numbers")
struct HTMLWriterNumberTests {
    @Test("numbers are written in decimal exactly as String(_:) writes them", arguments: [
        0, 7, -7, 10, 99, 100, 123_456_789, -1_000_000, Int.max, Int.min,
    ])
    func numbers(value: Int) {
        var writer = HTMLWriter(capacity: 8)
        writer.markup("<b>")
        writer.number(value)
        writer.markup("</b>")
        #expect(writer.string == "<b>\(value)</b>")
    }

    @Test("literal markup is written as it is, text beside it is escaped")
    func markupAndText() {
        var writer = HTMLWriter(capacity: 8)
        writer.markup(#"<p title=""#)
        writer.text(#"a "quoted" <b> & 'x'"#)
        writer.markup(#"">"#)
        #expect(writer.string == #"<p title="a &quot;quoted&quot; &lt;b&gt; &amp; &#39;x&#39;">"#)
    }
}
