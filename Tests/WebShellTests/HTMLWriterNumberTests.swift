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

@Suite("HTMLWriter: characters no page carries")
struct HTMLWriterControlTests {
    @Test("NUL and other C0 and C1 controls, and bidi overrides and isolates, are dropped; tab and newlines stay", arguments: [
        ("a\u{0}b", "ab"), ("\u{1}\u{1F}x", "x"), ("tab\there\nline\r", "tab\there\nline\r"),
        ("\u{202E}gnp.exe", "gnp.exe"), ("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e", "abcde"), ("\u{2066}x\u{2069}", "x"),
        ("c1\u{80}\u{9F}end", "c1end"), ("Привет & <мир>", "Привет &amp; &lt;мир&gt;"), ("a\u{200F}b", "a\u{200F}b"),
        ("\u{2067}\u{2068}", ""), ("ends with \u{E2}", "ends with \u{E2}"), ("snow ☃ and ‐ dash", "snow ☃ and ‐ dash"),
    ])
    func dropped(input: String, expected: String) {
        var writer = HTMLWriter(capacity: 8)
        writer.escape(input)
        #expect(writer.string == expected)
    }
}
