import Stories
import Testing

@Suite("Drawing timeline (SG-3, SG-6)")
struct DrawingTimelineTests {
    @Test("drawing on: 3 s a path, one after another across the row")
    func sequential() {
        let timeline = DrawingTimeline(pathCounts: [2, 0, 3], isDrawingEnabled: true)
        #expect(DrawingTimeline.strokeDuration == .seconds(3))
        #expect(timeline.timings.map(\.count) == [2, 0, 3])
        let flat = timeline.timings.flatMap { $0 }
        #expect(flat.map(\.delay) == (0..<5).map { .seconds(3 * $0) })
        #expect(flat.allSatisfy { $0.duration == .seconds(3) })
        #expect(timeline.totalDuration == .seconds(15))
        #expect(timeline.timing(drawing: 2, path: 0) == PathTiming(delay: .seconds(6), duration: .seconds(3)))
        #expect(timeline.timing(drawing: 2, path: 2)?.end == .seconds(15))
    }

    @Test("drawing off: everything at once")
    func instant() {
        let timeline = DrawingTimeline(pathCounts: [2, 3], isDrawingEnabled: false)
        #expect(timeline.timings.flatMap { $0 }.allSatisfy { $0 == PathTiming(delay: .zero, duration: .zero) })
        #expect(timeline.timings.map(\.count) == [2, 3])
        #expect(timeline.totalDuration == .zero)
    }

    @Test("no paths, missing indices and negative counts")
    func edges() {
        #expect(DrawingTimeline(pathCounts: [], isDrawingEnabled: true).totalDuration == .zero)
        let timeline = DrawingTimeline(pathCounts: [1, -4], isDrawingEnabled: true)
        #expect(timeline.timings.map(\.count) == [1, 0])
        #expect(timeline.timing(drawing: 1, path: 0) == nil)
        #expect(timeline.timing(drawing: -1, path: 0) == nil)
        #expect(timeline.timing(drawing: 0, path: 1) == nil)
        #expect(DrawingTimeline(pathCounts: [2], isDrawingEnabled: true, strokeDuration: .milliseconds(500)).totalDuration == .seconds(1))
    }

    @Test("a story's schedule follows its drawings and the settings")
    func story() throws {
        let story = try sampleStory()
        var settings = DrawingSettings.default
        #expect(DrawingTimeline(story: story, settings: settings).totalDuration == .seconds(9))
        settings.isDrawingEnabled = false
        #expect(DrawingTimeline(story: story, settings: settings).totalDuration == .zero)
    }
}

func sampleStory() throws -> Story {
    Story(
        id: "lighthouse",
        cover: ImageAsset(name: "lighthouse.jpg", size: PixelSize(width: 1200, height: 800)!),
        title: LocalizedText(["en": "The lighthouse", "ru": "Маяк", "pl": "Latarnia morska"]),
        type: LocalizedText(["en": "Story", "ru": "История", "pl": "Opowieść"]),
        text: LocalizedText(["en": "A keeper and a storm."]),
        drawings: [
            try LineDrawing(pathData: ["M0 0 L10 10", "M0 10 L10 0"]),
            try LineDrawing(pathData: ["M5 5 a5 5 0 1 0 0.01 0"]),
        ])
}
