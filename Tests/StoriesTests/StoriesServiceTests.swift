@testable import Stories
import TestDoubles
import Testing

@Suite("StoriesService: the settings (SG-6)")
struct StoriesServiceTests {
    @Test("a form's values become changes; a value the screen never offers is refused")
    func parsing() {
        typealias Service = StoriesService<InMemoryStoriesSettingsStore>
        #expect(Service.changes(draw: "1", color: nil) == [.drawing(enabled: true)])
        #expect(Service.changes(draw: "0", color: "blue") == [.drawing(enabled: false), .color(id: "blue")])
        #expect(Service.changes(draw: "yes", color: "blue") == nil)
        #expect(Service.changes(draw: nil, color: nil) == nil, "nothing asked is not a change")
    }

    @Test("changes are stored together; a colour outside the palette throws and stores nothing")
    func applying() async throws {
        let store = InMemoryStoriesSettingsStore()
        let service = StoriesService(store: store)
        let other = try #require(PaletteColor.all.first { $0 != DrawingSettings.default.color })
        let stored = try await service.apply([.drawing(enabled: false), .color(id: other.id)])
        #expect(stored.isDrawingEnabled == false && stored.color == other)
        await #expect(throws: SettingsError.unknownColorID) {
            try await service.apply([.drawing(enabled: true), .color(id: "ultraviolet")])
        }
        #expect(store.writes == 1, "the refused change never reached the store")
        #expect(try await service.screen().isDrawingEnabled == false)
    }

    @Test("a story draws with the device's settings, a gallery with none")
    func itemSettings() async throws {
        let store = InMemoryStoriesSettingsStore()
        let service = StoriesService(store: store)
        _ = try await service.apply([.drawing(enabled: false)])
        let items = try StoriesContent.bundled
        let story = try #require(items.first { if case .story = $0 { true } else { false } })
        let gallery = try #require(items.first { if case .gallery = $0 { true } else { false } })
        #expect(try await service.settings(for: story).isDrawingEnabled == false)
        #expect(try await service.settings(for: gallery) == .default)
    }
}
