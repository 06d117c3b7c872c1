import Testing
@testable import WebShell

/// What the catalog serves of stylesheets and scripts (issue 47): without comments and
/// indentation, and otherwise the same.
@Suite("AssetMinifier")
struct AssetMinifierTests {
    static func minified(_ text: String, _ path: String) -> String {
        String(decoding: AssetMinifier.minified(Array(text.utf8), path: path), as: UTF8.self)
    }

    @Test("a stylesheet loses its comments and indentation, not what a string holds")
    func css() {
        let css = """
            /* The tint. */
            :root {
                --tint: #0062cc; /* iOS blue,
                                    darker for contrast */
            }

            .a::before { content: "/* kept */"; background: url('x.svg'); }
            """
        #expect(Self.minified(css, "css/app.css") == ":root {\n--tint: #0062cc; \n}\n.a::before { content: \"/* kept */\"; background: url('x.svg'); }\n")
    }

    @Test("a script loses only its whole-line comments, outside template literals")
    func script() {
        let js = """
            // Why it does this.
            const url = "https://example.com"; // said at the end of a line: kept
              // indented: gone
            const text = `first
            // inside the template: kept
            last`;
            """
        #expect(Self.minified(js, "js/app.js") == """
            const url = "https://example.com"; // said at the end of a line: kept
            const text = `first
            // inside the template: kept
            last`;

            """)
    }

    @Test("other files are served as they are")
    func other() {
        #expect(Self.minified("<svg><!-- a --></svg>", "icons/a.svg") == "<svg><!-- a --></svg>")
    }
}
