import CMarkGFM
import Foundation

/// One node of cmark-gfm's tree, read through its C API. Valid only while its document is.
struct GFMNode {
    let pointer: OpaquePointer

    var type: cmark_node_type { cmark_node_get_type(pointer) }
    /// The extension's name for its nodes (`table`, `table_header`, `table_row`, `table_cell`,
    /// `strikethrough`, `tasklist`), the core's for the others.
    var typeName: String { String(cString: cmark_node_get_type_string(pointer)) }
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    /// The literal's UTF-8 bytes, without copying them into a `String`.
    func withLiteral<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let literal = cmark_node_get_literal(pointer) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let count = strlen(literal)
        return literal.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            body(UnsafeBufferPointer(start: bytes, count: count))
        }
    }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var title: String { cmark_node_get_title(pointer).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
    var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }
    var parent: GFMNode? { cmark_node_parent(pointer).map(GFMNode.init(pointer:)) }
    var previous: GFMNode? { cmark_node_previous(pointer).map(GFMNode.init(pointer:)) }
    var isTaskListItem: Bool { type == CMARK_NODE_ITEM && typeName == "tasklist" }
    var isCheckedTask: Bool { cmark_gfm_extensions_get_tasklist_item_checked(pointer) }
    var isTableHeaderRow: Bool { cmark_gfm_extensions_get_table_row_is_header(pointer) != 0 }

    /// A table's column alignments: `l`, `c`, `r` or 0, one per column.
    var tableAlignments: [UInt8] {
        let columns = Int(cmark_gfm_extensions_get_table_columns(pointer))
        guard let alignments = cmark_gfm_extensions_get_table_alignments(pointer) else { return [] }
        return Array(UnsafeBufferPointer(start: alignments, count: columns))
    }

    /// The text of this node's content, as an image's description or a heading's anchor reads it.
    var plainText: String {
        var text = ""
        let iterator = cmark_iter_new(pointer)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER else { continue }
            let node = GFMNode(pointer: cmark_iter_get_node(iterator))
            switch node.type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += node.literal
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
        }
        return text
    }
}
