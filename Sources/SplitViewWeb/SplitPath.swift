import SplitView
import WebShell

/// Every route of the split view, declared once: the controller registers these, the rows link to them.
enum SplitPath {
    static let list = Route("/split")
    static let row = Route("/split", "{row}")

    static func row(_ row: SplitRow) -> String { Self.row.link(row.id) }

    /// The picture of an illustration the core names (`harbour-boats`): an asset of this app.
    static func image(_ name: String) -> String { "images/split-\(name).svg" }
}
