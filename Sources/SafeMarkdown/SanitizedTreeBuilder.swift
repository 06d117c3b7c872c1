/// Rebuilds markup from tokens, keeping only what `ElementPolicy` and `AttributePolicy` allow.
///
/// Every element it writes is closed in order. It also avoids every place where a browser would
/// close or move an element on its own (a block inside `<p>`, a second `<li>`, a link inside a
/// link, content loose in a table): there it closes the element itself, explicitly, or leaves the
/// tag out. A browser therefore builds exactly the written tree, and nothing a README writes can
/// stay open, or be re-opened by the browser, after the README ends.
struct SanitizedTreeBuilder {
    private let tokens: [HTMLToken]
    private let links: ReadmeLinks
    private var writer = MarkupWriter()
    /// The written elements still open, innermost last; never more than the depth limit.
    private var openElements: [String] = []
    /// For allowed elements whose start tag was left out, how many end tags to ignore, so that
    /// such an end tag does not close an element that was written.
    private var endTagsToIgnore: [String: Int] = [:]
    private var skippedElement: (name: String, depth: Int)?
    private var anchors = HeadingAnchors()

    init(tokens: [HTMLToken], links: ReadmeLinks) {
        self.tokens = tokens
        self.links = links
    }

    mutating func build() -> String {
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
        close(downTo: 0)
        return writer.markup
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

    private mutating func end(_ name: String) {
        if let ignored = endTagsToIgnore[name], ignored > 0 {
            endTagsToIgnore[name] = ignored - 1
            return
        }
        let crossesTable = !ElementPolicy.tableParts.contains(name) && name != "table"
        for position in openElements.indices.reversed() {
            let openName = openElements[position]
            if openName == name {
                close(downTo: position)
                return
            }
            // A browser does not let an end tag inside a cell close an element outside it.
            if openName == "table" || (crossesTable && (openName == "td" || openName == "th")) {
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
            closeParagraphInButtonScope()
            writer.startTag("hr")
        case "img":
            ImageMarkup.write(attributes, links: links, to: &writer)
        default:
            break
        }
    }

    private mutating func startFlowElement(_ name: String, attributes: [HTMLAttribute], at index: Int) {
        guard !isInTableStructure else {
            leaveOut(name)
            return
        }
        closeElementsBrowsersWouldClose(before: name)
        let written: [(name: String, value: String)]?
        if ElementPolicy.headings.contains(name) {
            written = headingAttributes(attributes, text: headingText(after: index, name: name))
        } else {
            written = AttributePolicy.attributes(for: name, attributes, links: links)
        }
        guard let written, openElements.count < ReadmeLimits.maximumElementDepth else {
            leaveOut(name)
            return
        }
        open(name, written)
    }

    /// A row group, row or cell: written only inside a table, with the row group and row a
    /// browser would add written out.
    private mutating func startTablePart(_ name: String, attributes: [HTMLAttribute]) {
        guard let table = lastIndex(of: ["table"]) else {
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
            open(parent, [])
        }
        open(name, AttributePolicy.attributes(for: name, attributes, links: links) ?? [])
    }

    private mutating func headingAttributes(_ attributes: [HTMLAttribute], text: String) -> [(name: String, value: String)] {
        let anchor = attributes.value(of: "id").flatMap(HeadingAnchors.anchor(forAttribute:))
            ?? anchors.anchor(forHeadingText: text)
        return anchor.map { [("id", $0)] } ?? []
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

    private mutating func closeElementsBrowsersWouldClose(before name: String) {
        switch name {
        case "li":
            closeListItem(matching: ["li"])
        case "dd", "dt":
            closeListItem(matching: ["dd", "dt"])
        case "a":
            // A link inside a link: browsers close the outer one.
            for position in openElements.indices.reversed() {
                let openName = openElements[position]
                if openName == "td" || openName == "th" { break }
                if openName == "a" {
                    close(downTo: position)
                    break
                }
            }
        default:
            break
        }
        if ElementPolicy.closesParagraph.contains(name) {
            closeParagraphInButtonScope()
        }
        if ElementPolicy.headings.contains(name), let current = openElements.last,
           ElementPolicy.headings.contains(current) {
            close(downTo: openElements.count - 1)
        }
    }

    /// A new `<li>` (or `<dd>`/`<dt>`) closes the open one, unless another block is in between.
    private mutating func closeListItem(matching names: Set<String>) {
        for position in openElements.indices.reversed() {
            let openName = openElements[position]
            if names.contains(openName) {
                close(downTo: position)
                return
            }
            if ElementPolicy.special.contains(openName), openName != "div", openName != "p" {
                return
            }
        }
    }

    private mutating func closeParagraphInButtonScope() {
        for position in openElements.indices.reversed() {
            switch openElements[position] {
            case "p":
                close(downTo: position)
                return
            case "table", "td", "th":
                return
            default:
                continue
            }
        }
    }

    // MARK: - The open elements

    private var isInTableStructure: Bool {
        openElements.last.map(ElementPolicy.tableStructure.contains) ?? false
    }

    private func lastIndex(of names: Set<String>, above floor: Int = -1) -> Int? {
        openElements.indices.reversed().first { $0 > floor && names.contains(openElements[$0]) }
    }

    private mutating func open(_ name: String, _ attributes: [(name: String, value: String)]) {
        writer.startTag(name, attributes)
        openElements.append(name)
    }

    /// An allowed element whose tag is left out: its content stays, its end tag is ignored.
    private mutating func leaveOut(_ name: String) {
        endTagsToIgnore[name, default: 0] += 1
    }

    /// Closes every element from the innermost down to `position`, writing their end tags.
    private mutating func close(downTo position: Int) {
        while openElements.count > position {
            writer.endTag(openElements.removeLast())
        }
    }

    private static func closesItself(_ name: String, _ isSelfClosing: Bool) -> Bool {
        ElementPolicy.void.contains(name) || (isSelfClosing && (name == "svg" || name == "math"))
    }
}
