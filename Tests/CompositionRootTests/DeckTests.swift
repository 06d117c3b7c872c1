import DeckTestSupport
import Foundation
import Localization
import Testing
import CompositionRoot
import WebShell

@Suite("The deck of apps")
struct DeckTests {
    /// The deck as the server builds it.
    static func apps() async throws -> [any DeckApp] {
        let deck = try TestDeck()
        defer { try? deck.database.close(); try? FileManager.default.removeItem(at: deck.dataDirectory) }
        return try Deck.apps(try await deck.environment())
    }

    @Test("every app brings its strings and tile name in every language, and no language lacks a key")
    func catalogueNamespaces() async throws {
        let apps = try await Self.apps()
        for language in Language.allCases {
            for app in apps {
                let strings = app.strings[language].strings
                #expect(strings.keys.contains { $0.hasPrefix(app.catalogueNamespace + ".") }, "\(language): \(app.catalogueNamespace)")
                if let tile = app.tile { #expect(strings[tile.nameKey] != nil, "\(language): \(tile.nameKey)") }
            }
        }
        let deck = apps.reduce(Catalogues.shell) { $0.merging($1.strings) }
        #expect(deck.missingKeys().isEmpty, "\(deck.missingKeys())")
    }

    @Test("the registry: an app keeps data on both backends or on neither, its backup section named by its tile's id")
    func registry() async throws {
        let tiles = try await Self.apps().compactMap(\.tile).map(\.id)
        #expect(Deck.ids == tiles)
        #expect(StoreBackend.sqliteApps.count == StoreBackend.postgresApps.count)
        #expect(StoreBackend.keeperIDs.first == "device")
        #expect(StoreBackend.keeperIDs.count == StoreBackend.sqliteApps.count + 1)
        #expect(Set(StoreBackend.keeperIDs.dropFirst()).isSubset(of: Set(tiles)))
    }

    @Test("one home screen first, then apps with distinct ids, paths and places, then the backup screens")
    func tiles() async throws {
        let apps = try await Self.apps()
        #expect(apps.first?.tile == nil, "the home screen, which has no tile of its own")
        #expect(apps.last?.tile == nil && apps.last?.catalogueNamespace == "backup", "every app's data at once (issue 36): no tile")
        let tiles = apps.compactMap(\.tile)
        #expect(tiles.count == apps.count - 2)
        #expect(Set(tiles.map(\.id)).count == tiles.count)
        #expect(Set(tiles.map(\.path)).count == tiles.count)
        #expect(Set(tiles.map(\.order)).count == tiles.count)
        #expect(Set(apps.map(\.catalogueNamespace)).count == apps.count)
    }
}
