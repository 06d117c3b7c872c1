import ThreadSafeArrayWeb
import WebShell

enum ThreadSafeArrayEntry: DeckEntry {
    static let id = "threadSafeArray"
    static func app(_ parts: DeckParts) -> any DeckApp { ThreadSafeArrayApp() }
}
