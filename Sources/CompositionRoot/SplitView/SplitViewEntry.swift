import SplitViewWeb
import WebShell

enum SplitViewEntry: DeckEntry {
    static let id = "split"
    static func app(_ parts: DeckParts) -> any DeckApp { SplitViewApp() }
}
