import LayoutsWeb
import WebShell

enum LayoutsEntry: DeckEntry {
    static let id = "layouts"
    static func app(_ parts: DeckParts) -> any DeckApp { LayoutsApp() }
}
