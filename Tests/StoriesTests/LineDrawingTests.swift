import Stories
import Testing

@Suite("Line drawings (SG-3, SG-8)")
struct LineDrawingTests {
    @Test("the view box is the union of the paths' boxes grown by half the stroke width")
    func viewBox() throws {
        let drawing = try LineDrawing(pathData: ["M0 0 L100 0", "M0 0 Q50 100 100 0", "M20 -10 L30 -10"], strokeWidth: 4)
        #expect(drawing.viewBox == ViewBox(minX: -2, minY: -12, width: 104, height: 64))
        #expect(drawing.viewBox.attributeValue == "-2 -12 104 64")
        #expect(drawing.paths.count == 3)
        #expect(drawing.pathData[2] == "M20 -10 L30 -10")
        #expect(drawing.strokeWidth == 4)
    }

    @Test("a flat drawing still has a height: the stroke")
    func flat() throws {
        let drawing = try LineDrawing(pathData: ["M0 5 H50"])
        #expect(drawing.viewBox == ViewBox(minX: -1, minY: 4, width: 52, height: 2))
        #expect(drawing.viewBox.aspectRatio == 26)
    }

    @Test("paths that draw nothing add nothing, but a drawing needs one that draws")
    func nothing() throws {
        let drawing = try LineDrawing(pathData: ["M500 500", "M0 0 L10 10", ""])
        #expect(drawing.viewBox == ViewBox(minX: -1, minY: -1, width: 12, height: 12))
        #expect(throws: LineDrawing.Failure.nothingToDraw) { try LineDrawing(pathData: []) }
        #expect(throws: LineDrawing.Failure.nothingToDraw) { try LineDrawing(pathData: ["M1 1", " "]) }
    }

    @Test("a path that does not parse names its index and the error")
    func invalidPath() {
        #expect(throws: LineDrawing.Failure.invalidPath(index: 1, SVGPathError(offset: 6, expected: .number))) {
            try LineDrawing(pathData: ["M0 0 L1 1", "M0 0 L"])
        }
    }

    @Test("stroke widths must be positive and finite; frames must have a finite size")
    func limits() {
        for width in [0, -1, .infinity, .nan] {
            #expect(throws: LineDrawing.Failure.invalidStrokeWidth) { try LineDrawing(pathData: ["M0 0 L1 1"], strokeWidth: width) }
        }
        #expect(throws: LineDrawing.Failure.unboundedFrame) { try LineDrawing(pathData: ["M-1e308 0 L1e308 0"]) }
    }

    @Test("equality is the path data and stroke width")
    func equality() throws {
        #expect(try LineDrawing(pathData: ["M0 0 L1 1"]) == LineDrawing(pathData: ["M0 0 L1 1"]))
        #expect(try LineDrawing(pathData: ["M0 0 L1 1"]) != LineDrawing(pathData: ["M0 0L1 1"]))
        #expect(try LineDrawing(pathData: ["M0 0 L1 1"]) != LineDrawing(pathData: ["M0 0 L1 1"], strokeWidth: 3))
    }
}
