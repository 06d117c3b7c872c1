import Foundation
import Stories
import Testing

/// The size a PNG (IHDR) or JPEG (SOF marker) file declares in its header, read from the bytes.
private func headerSize(of url: URL) throws -> (width: Int, height: Int)? {
    let bytes = [UInt8](try Data(contentsOf: url))
    func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func be32(_ at: Int) -> Int { be16(at) << 16 | be16(at + 2) }
    if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
       bytes[12...15].elementsEqual("IHDR".utf8) {
        return (be32(16), be32(20))
    }
    guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var index = 2
    while index + 9 < bytes.count {
        guard bytes[index] == 0xFF else { return nil }
        let marker = bytes[index + 1]
        if marker == 0xFF { index += 1; continue }  // fill byte
        if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
        let length = be16(index + 2)
        // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC).
        if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
            return (be16(index + 7), be16(index + 5))
        }
        index += 2 + length
    }
    return nil
}

private let languages = ["en", "ru", "pl"]

private func isComplete(_ text: LocalizedText) -> Bool {
    languages.allSatisfy { !($0.isEmpty) && !(text.translations[$0] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
}

private func stories(_ items: [StoryItem]) -> [Story] {
    items.compactMap { if case .story(let story) = $0 { story } else { nil } }
}

private func galleries(_ items: [StoryItem]) -> [Gallery] {
    items.compactMap { if case .gallery(let gallery) = $0 { gallery } else { nil } }
}

private func allImages(_ items: [StoryItem]) -> [(item: String, image: ImageAsset)] {
    items.flatMap { item -> [(item: String, image: ImageAsset)] in
        var images = [(item.id, item.cover)]
        if case .gallery(let gallery) = item { images += gallery.images.map { (item.id, $0) } }
        return images
    }
}

@Suite("Bundled content (SG-8)")
struct ContentTests {
    let items: [StoryItem]

    init() throws {
        items = try StoriesContent.bundled
    }

    @Test("at least 4 stories and 4 galleries, with unique ids")
    func counts() {
        #expect(stories(items).count >= 4)
        #expect(galleries(items).count >= 4)
        #expect(Set(items.map(\.id)).count == items.count)
        let named = items.allSatisfy { !$0.id.isEmpty }
        #expect(named)
    }

    @Test("every title, type and text is present in English, Russian and Polish")
    func texts() {
        for item in items {
            #expect(isComplete(item.title), "title of \(item.id)")
            #expect(isComplete(item.type), "type of \(item.id)")
        }
        for story in stories(items) {
            #expect(isComplete(story.text), "text of \(story.id)")
            for language in languages {
                let paragraphs = story.text.text(for: language).components(separatedBy: "\n\n")
                #expect((2...4).contains(paragraphs.count), "\(story.id) [\(language)] has \(paragraphs.count) paragraphs")
            }
        }
    }

    @Test("every story has 2–4 drawings of 1–4 paths that parse, in a finite view box")
    func drawings() throws {
        for story in stories(items) {
            #expect((2...4).contains(story.drawings.count), "\(story.id)")
            for drawing in story.drawings {
                #expect((1...4).contains(drawing.paths.count), "\(story.id): \(drawing.pathData)")
                for data in drawing.pathData { _ = try SVGPath(parsing: data) }
                let box = drawing.viewBox
                let finite = [box.minX, box.minY, box.width, box.height].allSatisfy { $0.isFinite }
                #expect(finite, "\(story.id)")
                #expect(box.width > 0 && box.height > 0, "\(story.id): \(box.attributeValue)")
            }
        }
    }

    @Test("every image exists at every listed width, at the declared size and aspect ratio")
    func images() throws {
        let folder = try StoriesContent.bundledImagesURL
        for (item, image) in allImages(items) {
            #expect(!image.widths.isEmpty, "\(item): \(image.name)")
            #expect(image.widths.last == image.size.width, "\(item): \(image.name) largest width")
            for width in image.widths {
                let file = folder.appendingPathComponent(image.fileName(width: width))
                #expect(FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent) missing")
                let actual = try #require(try headerSize(of: file), "\(file.lastPathComponent) has no size")
                #expect(actual.width == width, "\(file.lastPathComponent) is \(actual.width) wide")
                let expectedHeight = Double(width) / image.size.aspectRatio
                #expect(abs(Double(actual.height) - expectedHeight) <= 1,
                        "\(file.lastPathComponent) is \(actual.height) high, not \(expectedHeight)")
                if width == image.size.width { #expect(actual.height == image.size.height, "\(file.lastPathComponent)") }
            }
        }
    }

    @Test("every gallery holds 3–6 images; covers include portrait and landscape shapes")
    func shapes() {
        for gallery in galleries(items) { #expect((3...6).contains(gallery.images.count), "\(gallery.id)") }
        let ratios = items.map(\.cover.size.aspectRatio)
        let portrait = ratios.contains { $0 < 0.95 }, landscape = ratios.contains { $0 > 1.05 }
        #expect(portrait, "no portrait cover")
        #expect(landscape, "no landscape cover")
    }

    @Test("with drawing on, a story's timeline lasts 3 s per path; with it off, none")
    func timelines() {
        var settings = DrawingSettings.default
        settings.isDrawingEnabled = true
        for story in stories(items) {
            let paths = story.drawings.reduce(0) { $0 + $1.paths.count }
            #expect(DrawingTimeline(story: story, settings: settings).totalDuration == .seconds(3 * paths), "\(story.id)")
        }
        settings.isDrawingEnabled = false
        for story in stories(items) {
            #expect(DrawingTimeline(story: story, settings: settings).totalDuration == .zero)
        }
    }

    @Test("an invalid path is a load error naming the item, drawing, path and offset")
    func invalidPath() throws {
        let json = """
            {"items": [{"kind": "story", "id": "broken", "cover": {"file": "a.jpg", "width": 10, "height": 10, "widths": [10]},
              "title": {"en": "A"}, "type": {"en": "Story"}, "text": {"en": "B"},
              "drawings": [{"paths": ["M0 0 L1 1"]}, {"paths": ["M0 0 L1 1", "M0 0 L1 x"]}]}]}
            """
        #expect(throws: StoriesContent.Failure.invalidPath(item: "broken", drawing: 1, path: 1,
                                                           SVGPathError(offset: 8, expected: .number))) {
            try StoriesContent.decode(Data(json.utf8))
        }
        let error = StoriesContent.Failure.invalidPath(item: "broken", drawing: 1, path: 1,
                                                       SVGPathError(offset: 8, expected: .number))
        #expect(error.description.contains("broken") && error.description.contains("8"))
    }

    @Test("duplicate ids and unknown kinds are load errors")
    func otherErrors() {
        let item = #"{"kind": "gallery", "id": "g", "cover": {"file": "a.jpg", "width": 10, "height": 10}, "title": {"en": "A"}, "type": {"en": "G"}, "images": []}"#
        #expect(throws: StoriesContent.Failure.duplicateID("g")) {
            try StoriesContent.decode(Data(#"{"items": [\#(item), \#(item)]}"#.utf8))
        }
        let odd = item.replacingOccurrences(of: #""gallery""#, with: #""poem""#)
        #expect(throws: StoriesContent.Failure.unknownKind(item: "g", kind: "poem")) {
            try StoriesContent.decode(Data(#"{"items": [\#(odd)]}"#.utf8))
        }
    }
}
