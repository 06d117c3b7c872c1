/// Builds the README's markup from the Markdown tree (elements the parser made, already safe)
/// and the raw HTML in it (tokens, of which only what `ElementPolicy` and `AttributePolicy`
/// allow is kept).
///
/// Every element it writes is closed in order. It also avoids every place where a browser would
/// close or move an element on its own (a block inside `<p>`, a second `<li>`, a link inside a
/// link, content loose in a table): there it closes the element itself, explicitly, or leaves the
/// tag out. A browser therefore builds exactly the written tree, and nothing a README writes can
/// stay open, or be re-opened by the browser, after the README ends.
struct SanitizedTreeBuilder {
    private struct OpenElement {
        var name: String
        /// Made by the Markdown parser: only the Markdown walker closes it, never a raw end tag.
        var isMarkdown: Bool
    }

    let links: ReadmeLinks
    private var writer = MarkupWriter()
    /// The written elements still open, innermost last; never more than the depth limit.
    private var openElements: [OpenElement] = []
    /// How many of `openElements` came from raw HTML: with none, Markdown needs no browser rules.
    private var openRawElements = 0
    /// For allowed elements whose start tag was left out, how many end tags to ignore, so that
    /// such an end tag does not close an element that was written.
    private var endTagsToIgnore: [String: Int] = [:]
    private var skippedElement: (name: String, depth: Int)?
    private var anchors = HeadingAnchors()
    /// The raw HTML being read now, for looking ahead at a heading's text.
    private var tokens: [HTMLToken] = []

    init(links: ReadmeLinks) {
        self.links = links
    }

    /// Everything written, with every element still open closed.
    mutating func finish() -> String {
        close(downTo: 0)
        return writer.markup
    }

    // MARK: - Raw HTML

    /// Raw HTML: its allow-listed elements and attributes, its text. An element removed with its
    /// content (`<svg>`…) is skipped to its end tag inside this piece only, so a piece that never
    /// closes it cannot take the README's text after it.
    mutating func appendRawHTML(_ rawTokens: [HTMLToken]) {
        tokens = rawTokens
        defer {
            tokens = []
            skippedElement = nil
        }
        for index in tokens.indices {
            let token = tokens[index]
            if skippedElement != nil {
                skip(token)
                continue
            }
            switch token {
            case .text(let text):
                appendText(text)
            case .startTag(let name, let attributes, let isSelfClosing):
                start(name, attributes: attributes, isSelfClosing: isSelfClosing, at: index)
            case .endTag(let name):
                end(name)
            }
        }
    }

    // MARK: - Markdown

    /// Opens an element the Markdown parser made, with attributes already made safe; false when
    /// the depth limit leaves its tag out (its content is still written).
    mutating func openMarkdownElement(_ name: String, _ attributes: [(name: String, value: String)] = []) -> Bool {
        if openRawElements > 0 {
            leaveTableStructure()
            // Raw elements a browser would close here (a raw `<p>` left open before a Markdown
            // block); Markdown-made elements never need that among themselves.
            _ = closeElementsBrowsersWouldClose(before: name)
        }
        guard openElements.count < ReadmeLimits.maximumElementDepth else { return false }
        open(name, attributes, isMarkdown: true)
        return true
    }

    /// Closes the innermost Markdown-made element, and every raw element opened inside it.
    mutating func closeMarkdownElement() {
        guard let position = openElements.lastIndex(where: \.isMarkdown) else { return }
        close(downTo: position)
    }

    /// Text from the Markdown: written escaped wherever it is.
    mutating func appendMarkdownText(_ text: String) {
        if openRawElements > 0 { leaveTableStructure() }
        writer.text(text)
    }

    /// Text from the Markdown, straight from the parser's bytes.
    mutating func appendMarkdownText(utf8 text: UnsafeBufferPointer<UInt8>) {
        if openRawElements > 0 { leaveTableStructure() }
        writer.text(utf8: text)
    }

    /// A `<br>`, `<hr>` or checkbox the Markdown parser made.
    mutating func appendMarkdownVoidElement(_ name: String, _ attributes: [(name: String, value: String)] = []) {
        leaveTableStructure()
        if name == "hr" { closeParagraphInButtonScope() }
        writer.startTag(name, attributes)
    }

    /// A Markdown image: through the proxy, or a placeholder.
    mutating func appendMarkdownImage(source: String, description: String, title: String?) {
        leaveTableStructure()
        ImageMarkup.write(source: source, description: description, title: title, links: links, to: &writer)
    }

    /// The `id` for a Markdown heading with this text.
    mutating func headingAnchor(forText text: String) -> String? {
        anchors.anchor(forHeadingText: text)
    }

    /// Markdown content inside a raw `<table>` or row, where a browser would move it out of the
    /// table: the raw table is closed first, so the content stays where it was written.
    private mutating func leaveTableStructure() {
        guard isInTableStructure, let table = lastIndex(of: ["table"]),
              !openElements[table...].contains(where: \.isMarkdown) else { return }
        close(downTo: table)
    }

    // MARK: - Tokens

    private mutating func skip(_ token: HTMLToken) {
        guard var skipped = skippedElement else { return }
        switch token {
        case .startTag(let name, _, let isSelfClosing) where name == skipped.name && !Self.closesItself(name, isSelfClosing):
            skipped.depth += 1
        case .endTag(let name) where name == skipped.name:
            skipped.depth -= 1
        default:
            break
        }
        skippedElement = skipped.depth > 0 ? skipped : nil
    }

    private mutating func appendText(_ text: String) {
        if isInTableStructure {
            // Browsers move text out of a table's structure; only HTML whitespace may stay there.
            if text.unicodeScalars.allSatisfy(\.isHTMLWhitespace) { writer.text(text) }
            return
        }
        writer.text(text)
    }

    private mutating func start(_ name: String, attributes: [HTMLAttribute], isSelfClosing: Bool, at index: Int) {
        if ElementPolicy.droppedWithContent.contains(name) {
            if !Self.closesItself(name, isSelfClosing) {
                skippedElement = (name, 1)
            }
            return
        }
        guard ElementPolicy.allowed.contains(name) else { return }
        if ElementPolicy.void.contains(name) {
            startVoidElement(name, attributes: attributes)
        } else if ElementPolicy.tableParts.contains(name) {
            startTablePart(name, attributes: attributes)
        } else {
            startFlowElement(name, attributes: attributes, at: index)
        }
    }

    /// A raw end tag closes the raw element it names, never a Markdown-made one nor anything
    /// outside one (a browser would not let `</p>` inside a Markdown list item close the list).
    private mutating func end(_ name: String) {
        if let ignored = endTagsToIgnore[name], ignored > 0 {
            endTagsToIgnore[name] = ignored - 1
            return
        }
        let crossesTable = !ElementPolicy.tableParts.contains(name) && name != "table"
        for position in openElements.indices.reversed() {
            let open = openElements[position]
            if open.isMarkdown { return }
            if open.name == name {
                close(downTo: position)
                return
            }
            // A browser does not let an end tag inside a cell close an element outside it.
            if open.name == "table" || (crossesTable && (open.name == "td" || open.name == "th")) {
                return
            }
        }
    }

    // MARK: - Elements

    private mutating func startVoidElement(_ name: String, attributes: [HTMLAttribute]) {
        guard !isInTableStructure else { return }
        switch name {
        case "br":
            writer.startTag("br")
        case "hr":
            guard closeParagraphInButtonScope() else { return }
            writer.startTag("hr")
        case "img":
            ImageMarkup.write(attributes, links: links, to: &writer)
        default:
            break
        }
    }

    private mutating func startFlowElement(_ name: String, attributes: [HTMLAttribute], at index: Int) {
        guard !isInTableStructure, closeElementsBrowsersWouldClose(before: name) else {
            leaveOut(name)
            return
        }
        let written: [(name: String, value: String)]?
        if ElementPolicy.headings.contains(name) {
            written = headingAttributes(name, attributes, text: headingText(after: index, name: name))
        } else {
            written = AttributePolicy.attributes(for: name, attributes, links: links)
        }
        guard let written, openElements.count < ReadmeLimits.maximumElementDepth else {
            leaveOut(name)
            return
        }
        open(name, written, isMarkdown: false)
    }

    /// A row group, row or cell: written only inside a raw table, with the row group and row a
    /// browser would add written out.
    private mutating func startTablePart(_ name: String, attributes: [HTMLAttribute]) {
        guard let table = lastIndex(of: ["table"]), !openElements[table...].contains(where: \.isMarkdown) else {
            leaveOut(name)
            return
        }
        var missingParents: [String] = []
        switch name {
        case "thead", "tbody":
            close(downTo: table + 1)
        case "tr":
            if let section = lastIndex(of: ["thead", "tbody"], above: table) {
                close(downTo: section + 1)
            } else {
                close(downTo: table + 1)
                missingParents = ["tbody"]
            }
        default:
            if let row = lastIndex(of: ["tr"], above: table) {
                close(downTo: row + 1)
            } else if let section = lastIndex(of: ["thead", "tbody"], above: table) {
                close(downTo: section + 1)
                missingParents = ["tr"]
            } else {
                close(downTo: table + 1)
                missingParents = ["tbody", "tr"]
            }
        }
        guard openElements.count + missingParents.count < ReadmeLimits.maximumElementDepth else {
            leaveOut(name)
            return
        }
        for parent in missingParents {
            open(parent, [], isMarkdown: false)
        }
        open(name, AttributePolicy.attributes(for: name, attributes, links: links) ?? [], isMarkdown: false)
    }

    private mutating func headingAttributes(
        _ name: String, _ attributes: [HTMLAttribute], text: String
    ) -> [(name: String, value: String)] {
        let anchor = attributes.value(of: "id").flatMap(HeadingAnchors.anchor(forAttribute:))
            ?? anchors.anchor(forHeadingText: text)
        return (anchor.map { [("id", $0)] } ?? []) + (AttributePolicy.attributes(for: name, attributes, links: links) ?? [])
    }

    /// The text of the heading starting at `index`, read ahead a bounded number of tokens.
    private func headingText(after index: Int, name: String) -> String {
        var text = ""
        for token in tokens[(index + 1)...].prefix(ReadmeLimits.maximumHeadingTextTokens) {
            switch token {
            case .text(let part):
                text += part
            case .endTag(let endName) where endName == name:
                return text
            case .startTag(let startName, _, _) where ElementPolicy.closesParagraph.contains(startName):
                return text
            default:
                break
            }
        }
        return text
    }

    // MARK: - What browsers close on their own

    /// Closes what a browser would close before this raw start tag; false when that would be a
    /// Markdown-made element, so the tag must be left out instead.
    private mutating func closeElementsBrowsersWouldClose(before name: String) -> Bool {
        switch name {
        case "li":
            guard closeListItem(matching: ["li"]) else { return false }
        case "dd", "dt":
            guard closeListItem(matching: ["dd", "dt"]) else { return false }
        case "a":
            // A link inside a link: browsers close the outer one.
            for position in openElements.indices.reversed() {
                let open = openElements[position]
                if open.name == "td" || open.name == "th" { break }
                if open.name == "a" {
                    guard !open.isMarkdown else { return false }
                    close(downTo: position)
                    break
                }
            }
        default:
            break
        }
        if ElementPolicy.closesParagraph.contains(name), !closeParagraphInButtonScope() {
            return false
        }
        if ElementPolicy.headings.contains(name), let current = openElements.last,
           ElementPolicy.headings.contains(current.name) {
            guard !current.isMarkdown else { return false }
            close(downTo: openElements.count - 1)
        }
        return true
    }

    /// A new `<li>` (or `<dd>`/`<dt>`) closes the open one, unless another block is in between.
    private mutating func closeListItem(matching names: Set<String>) -> Bool {
        for position in openElements.indices.reversed() {
            let open = openElements[position]
            if names.contains(open.name) {
                guard !open.isMarkdown else { return false }
                close(downTo: position)
                return true
            }
            if ElementPolicy.special.contains(open.name), open.name != "div", open.name != "p" {
                return true
            }
        }
        return true
    }

    /// Closes an open `<p>` as a browser would before a block; false when that `<p>` is Markdown-made.
    @discardableResult
    private mutating func closeParagraphInButtonScope() -> Bool {
        for position in openElements.indices.reversed() {
            switch openElements[position].name {
            case "p":
                guard !openElements[position].isMarkdown else { return false }
                close(downTo: position)
                return true
            case "table", "td", "th":
                return true
            default:
                continue
            }
        }
        return true
    }

    // MARK: - The open elements

    private var isInTableStructure: Bool {
        openElements.last.map { ElementPolicy.tableStructure.contains($0.name) } ?? false
    }

    private func lastIndex(of names: Set<String>, above floor: Int = -1) -> Int? {
        openElements.indices.reversed().first { $0 > floor && names.contains(openElements[$0].name) }
    }

    private mutating func open(_ name: String, _ attributes: [(name: String, value: String)], isMarkdown: Bool) {
        writer.startTag(name, attributes)
        openElements.append(OpenElement(name: name, isMarkdown: isMarkdown))
        if !isMarkdown { openRawElements += 1 }
    }

    /// An allowed element whose tag is left out: its content stays, its end tag is ignored.
    private mutating func leaveOut(_ name: String) {
        endTagsToIgnore[name, default: 0] += 1
    }

    /// Closes every element from the innermost down to `position`, writing their end tags.
    private mutating func close(downTo position: Int) {
        while openElements.count > position {
            let closed = openElements.removeLast()
            if !closed.isMarkdown { openRawElements -= 1 }
            writer.endTag(closed.name)
        }
    }

    private static func closesItself(_ name: String, _ isSelfClosing: Bool) -> Bool {
        ElementPolicy.void.contains(name) || (isSelfClosing && (name == "svg" || name == "math"))
    }
}
