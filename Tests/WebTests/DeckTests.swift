import Localization
import Photos
import Testing
import Web
import WebShell

@Suite("The deck of apps")
struct DeckTests {
    static func apps() throws -> [any DeckApp] {
        AppDeckServer.apps(
            cars: { InMemoryStores().cars($0) }, habits: { InMemoryStores().habits($0) },
            photos: PhotosParts(
                service: PhotosService(catalogue: PhotoCatalogue(source: FixedSource(photos: [], failure: nil), archive: NoArchive())),
                thumbnails: ThumbnailPipeline(fetcher: UnreachableImages(), diskCache: NoDiskCache())),
            photoFeeds: { InMemoryPhotoFeeds().store($0) },
            github: ScriptedGitHub(), secrets: { InMemorySecrets().storage($0) },
            stories: try .bundled, storiesSettings: { InMemoryDrawingSettings().store($0) })
    }

    @Test("every app's strings and tile name exist in every language")
    func catalogueNamespaces() throws {
        for language in Language.allCases {
            let strings = Catalogues.bundled[language].strings
            for app in try Self.apps() {
                #expect(strings.keys.contains { $0.hasPrefix(app.catalogueNamespace + ".") }, "\(language): \(app.catalogueNamespace)")
                if let tile = app.tile { #expect(strings[tile.nameKey] != nil, "\(language): \(tile.nameKey)") }
            }
        }
    }

    @Test("tiles have distinct ids, paths and places; every app has its own path")
    func tiles() throws {
        let tiles = try Self.apps().compactMap(\.tile)
        #expect(tiles.count == 8)
        #expect(Set(tiles.map(\.id)).count == tiles.count)
        #expect(Set(tiles.map(\.path)).count == tiles.count)
        #expect(Set(tiles.map(\.order)).count == tiles.count)
        #expect(tiles.map(\.id).sorted() == ["cars", "github", "habits", "layouts", "photos", "split", "stories", "threadSafeArray"])
    }
}
