import Stories
import Testing

@Suite("Content model (SG-1, SG-2, SG-8, SG-9)")
struct ContentModelTests {
    @Test("localized text: the language, its primary subtag, English, then any")
    func localizedText() {
        let text = LocalizedText(["en": "Sea", "ru": "Море", "pl": "Morze"])
        #expect(text.text(for: "ru") == "Море")
        #expect(text.text(for: "pl-PL") == "Morze")
        #expect(text.text(for: "RU_ru") == "Море")
        #expect(text.text(for: "de") == "Sea")
        #expect(text.text(for: "") == "Sea")
        #expect(LocalizedText(["ru": "Море", "pl": "Morze"]).text(for: "de") == "Morze")
        #expect(LocalizedText([:]).text(for: "en") == "")
    }

    @Test("pixel sizes are positive and give the aspect ratio")
    func pixelSize() throws {
        let size = try #require(PixelSize(width: 1600, height: 900))
        #expect(size.aspectRatio == 16.0 / 9.0)
        #expect(size.height(forWidth: 320) == 180)
        #expect(PixelSize(width: 0, height: 10) == nil)
        #expect(PixelSize(width: 10, height: -1) == nil)
    }

    @Test("an item exposes what both kinds share, for the one screen template")
    func items() throws {
        let story = try sampleStory()
        let gallery = Gallery(
            id: "tide-pools",
            cover: ImageAsset(name: "pools.jpg", size: PixelSize(width: 800, height: 1000)!),
            title: LocalizedText(["en": "Tide pools"]),
            type: LocalizedText(["en": "Gallery"]),
            images: [ImageAsset(name: "pool-1.jpg", size: PixelSize(width: 3000, height: 2000)!)])
        let items: [StoryItem] = [.story(story), .gallery(gallery)]
        #expect(items.map(\.id) == ["lighthouse", "tide-pools"])
        #expect(items.map(\.kind) == [.story, .gallery])
        #expect(items.map { $0.title.text(for: "ru") } == ["Маяк", "Tide pools"])
        #expect(items.map { $0.type.text(for: "en") } == ["Story", "Gallery"])
        #expect(items.map(\.cover.size.aspectRatio) == [1.5, 0.8])
        #expect(StoryItem.Kind.allCases.map(\.rawValue) == ["story", "gallery"])
    }
}
