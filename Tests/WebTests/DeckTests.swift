import Foundation
import Localization
import Testing
import Web
import WebShell

@Suite("The deck of apps")
struct DeckTests {
    /// The deck as the server builds it.
    static func apps() async throws -> [any DeckApp] {
        let deck = try TestDeck()
        defer { try? deck.database.close(); try? FileManager.default.removeItem(at: deck.dataDirectory) }
        return try Deck.apps(try await deck.environment())
    }

    @Test("every app's strings and tile name exist in every language")
    func catalogueNamespaces() async throws {
        for language in Language.allCases {
            let strings = Catalogues.bundled[language].strings
            for app in try await Self.apps() {
                #expect(strings.keys.contains { $0.hasPrefix(app.catalogueNamespace + ".") }, "\(language): \(app.catalogueNamespace)")
                if let tile = app.tile { #expect(strings[tile.nameKey] != nil, "\(language): \(tile.nameKey)") }
            }
        }
    }

    @Test("one home screen first, then apps with distinct ids, paths and places")
    func tiles() async throws {
        let apps = try await Self.apps()
        #expect(apps.first?.tile == nil, "the home screen, which has no tile of its own")
        let tiles = apps.compactMap(\.tile)
        #expect(tiles.count == apps.count - 1)
        #expect(Set(tiles.map(\.id)).count == tiles.count)
        #expect(Set(tiles.map(\.path)).count == tiles.count)
        #expect(Set(tiles.map(\.order)).count == tiles.count)
        #expect(Set(apps.map(\.catalogueNamespace)).count == apps.count)
    }
}
