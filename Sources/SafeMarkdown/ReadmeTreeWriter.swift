import CMarkGFM

/// Writes a README from cmark-gfm's tree (GH-3): every node the Markdown made becomes our own
/// element with attributes we made safe, written through `SanitizedTreeBuilder`; only raw HTML
/// nodes are tokenized and go through its allow-list. The output follows GitHub's conventions:
/// `user-content-` ids, task-list checkboxes shown disabled, footnotes at the end.
struct ReadmeTreeWriter {
    private var builder: SanitizedTreeBuilder
    /// For each container node entered and not yet left, how many elements it opened (0 when
    /// the depth limit left its tag out; 2 for a header row in its `<thead>`…).
    private var openedByNode: [Int] = []
    private var tableAlignments: [UInt8] = []
    private var tableColumn = 0
    private var footnoteDefinitions = 0
    private var referencedFootnotes: Set<String> = []
    private var extensionKinds: [UInt32: ExtensionKind] = [:]
    /// Short raw HTML already tokenized: READMEs repeat `<br>`, `<b>`, `</b>`, `<kbd>`… many times.
    private var tokensOfShortRawHTML: [String: [HTMLToken]] = [:]

    init(links: ReadmeLinks) {
        builder = SanitizedTreeBuilder(links: links)
    }

    static func html(for document: OpaquePointer, links: ReadmeLinks) -> String {
        var writer = ReadmeTreeWriter(links: links)
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            let node = GFMNode(pointer: cmark_iter_get_node(iterator))
            if cmark_iter_get_event_type(iterator) == CMARK_EVENT_EXIT {
                writer.exit(node)
            } else if writer.enter(node) == .skipContent {
                cmark_iter_reset(iterator, node.pointer, CMARK_EVENT_EXIT)
            }
        }
        return writer.builder.finish()
    }

    private enum Entered {
        case walkContent
        /// The node wrote its content itself (an image's description): go on after its exit,
        /// which `exit` never sees.
        case skipContent
    }

    // MARK: - Nodes

    private mutating func enter(_ node: GFMNode) -> Entered {
        switch node.type {
        case CMARK_NODE_TEXT:
            node.withLiteral { builder.appendMarkdownText(utf8: $0) }
        case CMARK_NODE_SOFTBREAK:
            builder.appendMarkdownText("\n")
        case CMARK_NODE_LINEBREAK:
            builder.appendMarkdownVoidElement("br")
            builder.appendMarkdownText("\n")
        case CMARK_NODE_CODE:
            writeInlineCode(node.literal)
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
            builder.appendRawHTML(rawTokens(node.literal))
        case CMARK_NODE_THEMATIC_BREAK:
            builder.appendMarkdownVoidElement("hr")
        case CMARK_NODE_CODE_BLOCK:
            writeCodeBlock(node)
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            // Not a leaf to cmark's iterator: its exit closes what it opened.
            openedByNode.append(writeFootnoteReference(number: node.literal))
        case CMARK_NODE_IMAGE:
            builder.appendMarkdownImage(source: node.url, description: node.plainText, title: node.title)
            return .skipContent
        default:
            openedByNode.append(openElements(for: node))
        }
        return .walkContent
    }

    private mutating func exit(_ node: GFMNode) {
        if node.type == CMARK_NODE_FOOTNOTE_DEFINITION {
            writeFootnoteBackReference(number: String(footnoteDefinitions))
        }
        for _ in 0..<(openedByNode.popLast() ?? 0) {
            builder.closeMarkdownElement()
        }
    }

    /// Opens the elements for a container node; how many it opened.
    private mutating func openElements(for node: GFMNode) -> Int {
        switch node.type {
        case CMARK_NODE_PARAGRAPH:
            if let list = node.parent?.parent, list.type == CMARK_NODE_LIST, list.isTightList { return 0 }
            return open("p")
        case CMARK_NODE_HEADING:
            let anchor = builder.headingAnchor(forText: node.plainText)
            return open("h\(min(max(node.headingLevel, 1), 6))", anchor.map { [("id", $0)] } ?? [])
        case CMARK_NODE_BLOCK_QUOTE:
            return open("blockquote")
        case CMARK_NODE_LIST:
            guard node.isOrderedList else { return open("ul") }
            return open("ol", node.listStart == 1 ? [] : [("start", String(node.listStart))])
        case CMARK_NODE_ITEM:
            return openListItem(node)
        case CMARK_NODE_EMPH:
            return open("em")
        case CMARK_NODE_STRONG:
            return open("strong")
        case CMARK_NODE_LINK:
            let title = node.title
            guard let attributes = AttributePolicy.linkAttributes(href: node.url, title: title.isEmpty ? nil : title, links: builder.links)
            else { return 0 }
            return open("a", attributes)
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            return openFootnoteDefinition()
        default:
            return openExtensionElements(for: node)
        }
    }

    /// The node types the extensions register at run time, by their value.
    private enum ExtensionKind {
        case strikethrough, table, row, cell, other

        init(typeName: String) {
            switch typeName {
            case "strikethrough": self = .strikethrough
            case "table": self = .table
            case "table_header", "table_row": self = .row
            case "table_cell": self = .cell
            default: self = .other
            }
        }
    }

    /// Tables and strikethrough.
    private mutating func openExtensionElements(for node: GFMNode) -> Int {
        let kind = extensionKinds[node.type.rawValue] ?? ExtensionKind(typeName: node.typeName)
        extensionKinds[node.type.rawValue] = kind
        switch kind {
        case .strikethrough:
            return open("del")
        case .table:
            tableAlignments = node.tableAlignments
            return open("table")
        case .row where node.isTableHeaderRow:
            tableColumn = 0
            let opened = open("thead")
            return opened + (opened == 1 ? open("tr") : 0)
        case .row:
            tableColumn = 0
            if node.previous?.isTableHeaderRow ?? true, !openedByNode.isEmpty {
                // The first body row opens the table's <tbody>, closed with the table.
                openedByNode[openedByNode.count - 1] += open("tbody")
            }
            return open("tr")
        case .cell:
            let isHeader = node.parent?.isTableHeaderRow ?? false
            let alignment = tableColumn < tableAlignments.count ? tableAlignments[tableColumn] : 0
            tableColumn += 1
            let alignmentClass: String? = switch alignment {
            case UInt8(ascii: "l"): "align-left"
            case UInt8(ascii: "c"): "align-center"
            case UInt8(ascii: "r"): "align-right"
            default: nil
            }
            return open(isHeader ? "th" : "td", alignmentClass.map { [("class", $0)] } ?? [])
        case .other:
            return 0
        }
    }

    private mutating func openListItem(_ node: GFMNode) -> Int {
        guard node.isTaskListItem else { return open("li") }
        let opened = open("li", [("class", "task-list-item")])
        var checkbox: [(name: String, value: String)] = [("type", "checkbox"), ("disabled", "")]
        if node.isCheckedTask { checkbox.append(("checked", "")) }
        builder.appendMarkdownVoidElement("input", checkbox)
        builder.appendMarkdownText(" ")
        return opened
    }

    // MARK: - Leaves and footnotes

    private mutating func rawTokens(_ html: String) -> [HTMLToken] {
        let isShort = html.utf8.count <= 64
        if isShort, let tokens = tokensOfShortRawHTML[html] { return tokens }
        let tokens = HTMLTokenizer.tokenize(TagFilter.filtered(html))
        if isShort, tokensOfShortRawHTML.count < 512 { tokensOfShortRawHTML[html] = tokens }
        return tokens
    }

    private mutating func writeCodeBlock(_ node: GFMNode) {
        let language = node.fenceInfo.split(whereSeparator: \.isWhitespace).first
            .flatMap { AttributePolicy.languageClass("language-" + $0) }
        let pre = open("pre")
        let code = open("code", language.map { [("class", $0)] } ?? [])
        builder.appendMarkdownText(node.literal)
        for _ in 0..<(pre + code) { builder.closeMarkdownElement() }
    }

    private mutating func writeInlineCode(_ text: String) {
        let opened = open("code")
        builder.appendMarkdownText(text)
        if opened == 1 { builder.closeMarkdownElement() }
    }

    /// `<sup><a href="#user-content-fn-1" id="user-content-fnref-1">1</a></sup>`; only the first
    /// reference to a note carries the id the note's back link points at.
    private mutating func writeFootnoteReference(number: String) -> Int {
        var attributes: [(name: String, value: String)] = [("href", "#user-content-fn-" + number)]
        if referencedFootnotes.insert(number).inserted {
            attributes.append(("id", "user-content-fnref-" + number))
        }
        let opened = open("sup") + open("a", attributes)
        builder.appendMarkdownText(number)
        return opened
    }

    /// cmark-gfm puts the notes that are referenced after everything else, in reference order:
    /// the first opens the list, which the document's end closes.
    private mutating func openFootnoteDefinition() -> Int {
        footnoteDefinitions += 1
        if footnoteDefinitions == 1, !openedByNode.isEmpty {
            openedByNode[0] += open("section", [("class", "footnotes")]) + open("ol")
        }
        return open("li", [("id", "user-content-fn-\(footnoteDefinitions)")])
    }

    private mutating func writeFootnoteBackReference(number: String) {
        builder.appendMarkdownText(" ")
        let opened = open("a", [("href", "#user-content-fnref-" + number), ("aria-label", "Back to reference " + number)])
        builder.appendMarkdownText("↩")
        if opened == 1 { builder.closeMarkdownElement() }
    }

    private mutating func open(_ name: String, _ attributes: [(name: String, value: String)] = []) -> Int {
        builder.openMarkdownElement(name, attributes) ? 1 : 0
    }
}
