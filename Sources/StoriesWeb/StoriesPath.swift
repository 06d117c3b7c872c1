import Hummingbird

/// Every URL of Stories & Gallery: the patterns its routes register and the links its views make.
enum StoriesPath {
    static let base = "/stories"
    static let itemPattern: RouterPath = "items/{id}"
    static let imagePattern: RouterPath = "items/{id}/images/{number}"
    /// The largest image number a viewer URL may name; a gallery holds far fewer.
    static let maximumImageNumber = 999
    static let settingsPattern: RouterPath = "settings"
    static let drawingStylesheetPattern: RouterPath = "drawing.css"

    static let items = base
    static let settings = "\(base)/settings"

    static func item(id: String) -> String { "\(base)/items/\(id)" }

    /// The viewer of a gallery's image; `number` counts from 1.
    static func image(itemID: String, number: Int) -> String { "\(base)/items/\(itemID)/images/\(number)" }

    /// The stylesheet of the palette and the drawing schedule, versioned by its content.
    static func drawingStylesheet(version: String) -> String { "\(base)/drawing.css?v=\(version)" }
}
