import WebShell

/// Every route of Stories & Gallery, declared once: the controller registers these, the views link to them.
enum StoriesPath {
    static let items = Route("/stories")
    static let item = Route("/stories", "items/{id}")
    /// The viewer of a gallery's image; its number counts from 1.
    static let image = Route("/stories", "items/{id}/images/{number}")
    /// The largest image number a viewer URL may name; a gallery holds far fewer.
    static let maximumImageNumber = 999
    /// The Settings tab (GET), and where it posts (POST).
    static let settings = Route("/stories", "settings")
    /// The stylesheet of the palette and the drawing schedule, versioned by its content.
    static let drawingStylesheet = Route("/stories", "drawing.css")

    static func drawingStylesheet(version: String) -> String { drawingStylesheet.link(query: ["v": version]) }
}
