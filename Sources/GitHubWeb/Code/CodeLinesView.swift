import WebShell

/// A file's lines as GitHub shows them (issue 49): each numbered, each its own anchor
/// (`id="L42"`, so `#L42` scrolls to it and `:target` marks it), the number a link to it that
/// copying the code leaves out. Long lines scroll sideways inside the block, never the page. The
/// block is a labelled region that takes focus, so a keyboard scrolls it too.
enum CodeLinesView {
    static func html(_ lines: [HighlightedLine], label: String) -> HTML {
        .div(.class("code-view"), .attr("role", "region"), .ariaLabel(label), .attr("tabindex", "0")) {
            HTML.div(.class("code-lines")) {
                HTML.streamed { writer in
                    for (index, line) in lines.enumerated() {
                        let number = index + 1
                        writer.markup(#"<div class="code-line" id="L"#)
                        writer.number(number)
                        writer.markup(##""><a class="code-line__number" href="#L"##)
                        writer.number(number)
                        writer.markup(#"" tabindex="-1">"#)
                        writer.number(number)
                        writer.markup(#"</a><span class="code-line__text">"#)
                        // The renderer's own escaped markup (`HighlightedLine`): the one other
                        // caller of `unescaped(sanitizedMarkup:)` beside the README's sanitizer.
                        writer.write(.unescaped(sanitizedMarkup: line.markup))
                        writer.markup("</span></div>")
                    }
                }
            }
        }
    }
}
