/// The state of the split view screen for one URL (SPLIT-1).
///
/// `/split` asks for the list: a compact width shows the list alone, a regular width shows the
/// list with the first row selected and its detail beside it. `/split/<id>` asks for that row's
/// detail: a compact width shows the detail alone (with a way back), a regular width shows the
/// list with that row selected beside it. Which width applies is the stylesheet's decision, so
/// one page serves both: the screen always knows its selected row.
public struct SplitScreen: Sendable, Hashable {
    public let rows: [SplitRow]
    /// The row whose detail is shown: the requested one, else the first.
    public let selected: SplitRow
    /// True when the URL named a row (`/split/<id>`): a compact width shows the detail.
    public let showsDetail: Bool

    /// The screen for `/split` (`rowID` nil) or `/split/<rowID>`; nil when no row has that id.
    public init?(rowID: String?, rows: [SplitRow] = SplitRow.all) {
        precondition(!rows.isEmpty, "a split view needs rows")
        self.rows = rows
        if let rowID {
            guard let row = rows.first(where: { $0.id == rowID }) else { return nil }
            selected = row
            showsDetail = true
        } else {
            selected = rows[0]
            showsDetail = false
        }
    }

    public func isSelected(_ row: SplitRow) -> Bool { row.id == selected.id }
}
