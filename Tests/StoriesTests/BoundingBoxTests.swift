import Stories
import Testing

/// `actual` within 1e-6 of `expected`, relative to the larger of |expected| and the box's scale
/// (so an edge at 0 of a box 100 wide may be off by 1e-4, and an edge at 1e308 by 1e302).
private func close(_ actual: Double, _ expected: Double, scale: Double) -> Bool {
    abs(actual - expected) <= 1e-6 * max(abs(expected), scale)
}

private func box(_ path: String) throws -> BoundingBox? {
    try SVGPath(parsing: path).boundingBox
}

@Suite("Bounding boxes (SG-3)")
struct BoundingBoxTests {
    @Test("the reference covers at least 40 corpus paths, and every valid path is either compared or explained")
    func coverage() {
        #expect(PathCorpus.referenceBoxes.count >= 40)
        let accounted = PathCorpus.referenceBoxes.map(\.path) + PathCorpus.unreferenced.map(\.path)
        #expect(accounted.sorted() == PathCorpus.valid.sorted())
    }

    @Test("boxes agree with svgpathtools' within 1e-6 relative", arguments: PathCorpus.referenceBoxes.indices)
    func matchesReference(index: Int) throws {
        let reference = PathCorpus.referenceBoxes[index]
        let box = try #require(try box(reference.path), "\(reference.path)")
        let scale = max(abs(reference.minX), abs(reference.minY), abs(reference.maxX), abs(reference.maxY), .leastNormalMagnitude)
        #expect(close(box.minX, reference.minX, scale: scale), "minX \(box.minX) vs \(reference.minX) of \(reference.path)")
        #expect(close(box.minY, reference.minY, scale: scale), "minY \(box.minY) vs \(reference.minY) of \(reference.path)")
        #expect(close(box.maxX, reference.maxX, scale: scale), "maxX \(box.maxX) vs \(reference.maxX) of \(reference.path)")
        #expect(close(box.maxY, reference.maxY, scale: scale), "maxY \(box.maxY) vs \(reference.maxY) of \(reference.path)")
    }

    @Test("every valid path's box is finite, or absent when it draws nothing", arguments: PathCorpus.valid)
    func finite(path: String) throws {
        if let box = try box(path) { #expect(box.isFinite) }
    }

    @Test("nothing drawn, no box: empty, blank and move-only paths")
    func noBox() throws {
        #expect(try box("") == nil)
        #expect(try box("M1 1") == nil)
        #expect(try box("M1 1 M2 2 m3 3") == nil)
    }

    @Test("lines are exact; a lone move before a subpath adds nothing")
    func lines() throws {
        #expect(try box("M-3 7 L4 -2 H10") == BoundingBox(minX: -3, minY: -2, maxX: 10, maxY: 7))
        #expect(try box("M100 100 M0 0 L1 1") == BoundingBox(minX: 0, minY: 0, maxX: 1, maxY: 1))
        #expect(try box("M5 5 L6 6 Z") == BoundingBox(minX: 5, minY: 5, maxX: 6, maxY: 6))
    }

    @Test("Bézier extrema come from the derivative's roots")
    func beziers() throws {
        // The symmetric cubic peaks at t = 1/2: y = 3/4 of the control height.
        #expect(try box("M0 0 C0 -40 100 -40 100 0") == BoundingBox(minX: 0, minY: -30, maxX: 100, maxY: 0))
        // The quadratic peaks at t = 1/2 with half its control height.
        #expect(try box("M0 0 Q50 100 100 0") == BoundingBox(minX: 0, minY: 0, maxX: 100, maxY: 50))
        // A cubic whose derivative is linear along x (a = 0).
        let linear = try #require(try box("M0 0 C30 0 60 0 90 0"))
        #expect(linear.minX == 0 && linear.maxX == 90)
        // Control points far outside, curve inside: the box is not the control hull.
        let loose = try #require(try box("M0 0 C0 100 10 100 10 0"))
        #expect(loose.maxY == 75)
    }

    @Test("arcs: F.6.5 centre form, F.6.6 radius correction, extrema on the arc only")
    func arcs() throws {
        // Half circle of radius 10 over (−10,0)…(10,0), below or above depending on the sweep.
        #expect(try box("M10 0 A10 10 0 0 1 -10 0") == BoundingBox(minX: -10, minY: 0, maxX: 10, maxY: 10))
        #expect(try box("M10 0 A10 10 0 0 0 -10 0") == BoundingBox(minX: -10, minY: -10, maxX: 10, maxY: 0))
        // Radius 1 is too small for a chord of 100: scaled to 50, a half circle.
        let corrected = try #require(try box("M0 0 A1 1 0 0 1 100 0"))
        #expect(close(corrected.minY, -50, scale: 100) && corrected.maxY == 0)
        // A quarter arc reaches no extremum beyond its endpoints.
        #expect(try box("M10 0 A10 10 0 0 1 0 10") == BoundingBox(minX: 0, minY: 0, maxX: 10, maxY: 10))
        // Zero radius: a straight line (F.6.2). Equal endpoints: the arc is omitted.
        #expect(try box("M0 0 A0 10 0 1 1 10 10") == BoundingBox(minX: 0, minY: 0, maxX: 10, maxY: 10))
        #expect(try box("M3 3 A5 5 0 1 1 3 3") == BoundingBox(minX: 3, minY: 3, maxX: 3, maxY: 3))
        // A rotated ellipse's half-width is hypot(rx·cosφ, ry·sinφ): 90° swaps the axes.
        let rotated = try #require(try box("M0 -10 A10 5 90 1 1 0 10 A10 5 90 1 1 0 -10"))
        #expect(close(rotated.minX, -5, scale: 10) && close(rotated.maxX, 5, scale: 10))
        #expect(close(rotated.minY, -10, scale: 10) && close(rotated.maxY, 10, scale: 10))
    }

    @Test("extreme but finite input keeps a finite box")
    func extremes() throws {
        for path in [
            "M-1.7e308 -1.7e308 C1.7e308 1.7e308 -1.7e308 1.7e308 1.7e308 -1.7e308",
            "M-1e308 0 Q1.7e308 1.7e308 1e308 0",
            "M-1e308 -1e308 A1e308 1e308 0 1 1 1e308 1e308",
            "M0 0 A1e-320 1e300 45 0 1 1e300 1e300",
            "M0 0 A1e300 1e-320 45 1 0 1e-300 1e-300",
            "M0 0 a5e-324 5e-324 0 1 1 5e-324 0",
        ] {
            let box = try #require(try box(path))
            #expect(box.isFinite, "\(path)")
        }
    }
}
