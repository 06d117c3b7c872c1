import GitHub
import WebShell

/// A file's diff, coloured as GitHub colours it (issue 49): hunk headers, added and removed
/// lines each with a class and a `+` or `−` sign, unchanged lines plain, numbers in the old and
/// new file beside them; long lines scroll sideways inside the block, never the page.
enum DiffView {
    static func html(_ lines: [DiffLine], label: String) -> HTML {
        .div(.class("code-view diff-view"), .attr("role", "region"), .ariaLabel(label), .attr("tabindex", "0")) {
            HTML.div(.class("code-lines")) {
                HTML.streamed { writer in
                    for line in lines { write(line, into: &writer) }
                }
            }
        }
    }

    private static func write(_ line: DiffLine, into writer: inout HTMLWriter) {
        switch line.kind {
        case .hunk: writer.markup(#"<div class="diff-line diff-line--hunk">"#)
        case .added: writer.markup(#"<div class="diff-line diff-line--added">"#)
        case .removed: writer.markup(#"<div class="diff-line diff-line--removed">"#)
        case .context: writer.markup(#"<div class="diff-line diff-line--context">"#)
        case .note: writer.markup(#"<div class="diff-line diff-line--note">"#)
        }
        number(line.oldNumber, into: &writer)
        number(line.newNumber, into: &writer)
        switch line.kind {
        case .added: writer.markup(#"<span class="diff-line__sign">+</span>"#)
        case .removed: writer.markup(#"<span class="diff-line__sign">−</span>"#)
        case .hunk, .context, .note: writer.markup(#"<span class="diff-line__sign"></span>"#)
        }
        writer.element("span", .class("diff-line__text"), text: line.text)
        writer.markup("</div>")
    }

    private static func number(_ value: Int?, into writer: inout HTMLWriter) {
        writer.markup(#"<span class="diff-line__number">"#)
        if let value { writer.number(value) }
        writer.markup("</span>")
    }
}
