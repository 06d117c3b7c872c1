import Stories
import Testing

private func point(_ x: Double, _ y: Double) -> SVGPoint { SVGPoint(x: x, y: y) }

@Suite("SVG path grammar (SG-3)")
struct SVGPathParserTests {
    @Test("the corpus holds at least 40 valid and 25 invalid paths")
    func corpusSize() {
        #expect(PathCorpus.valid.count >= 40)
        #expect(PathCorpus.invalid.count >= 25)
    }

    @Test("every valid path parses", arguments: PathCorpus.valid)
    func validParses(path: String) throws {
        _ = try SVGPath(parsing: path)
    }

    @Test("every invalid path is refused at its offset with what was expected", arguments: PathCorpus.invalid)
    func invalidRefused(path: String, offset: Int, expected: SVGPathError.Expected) {
        #expect(throws: SVGPathError(offset: offset, expected: expected)) { try SVGPath(parsing: path) }
    }

    @Test("every command, absolute and relative, becomes an absolute segment")
    func commands() throws {
        let path = try SVGPath(parsing: "M1 2 l3 4 H10 v-2 h1 V0 L0 0 m5 5 C6 6 7 7 8 8 c1 1 2 2 3 3 Q1 1 2 2 q1 1 2 2 A1 2 3 0 1 9 9 a1 2 3 1 0 1 1 z")
        #expect(path.segments == [
            .move(to: point(1, 2)), .line(to: point(4, 6)), .line(to: point(10, 6)), .line(to: point(10, 4)),
            .line(to: point(11, 4)), .line(to: point(11, 0)), .line(to: point(0, 0)), .move(to: point(5, 5)),
            .cubic(control1: point(6, 6), control2: point(7, 7), to: point(8, 8)),
            .cubic(control1: point(9, 9), control2: point(10, 10), to: point(11, 11)),
            .quadratic(control: point(1, 1), to: point(2, 2)),
            .quadratic(control: point(3, 3), to: point(4, 4)),
            .arc(radiusX: 1, radiusY: 2, rotation: 3, largeArc: false, sweep: true, to: point(9, 9)),
            .arc(radiusX: 1, radiusY: 2, rotation: 3, largeArc: true, sweep: false, to: point(10, 10)),
            .close,
        ])
    }

    @Test("pairs after M are lines, after m relative lines; the first m is absolute")
    func implicitLines() throws {
        #expect(try SVGPath(parsing: "M1 1 2 2 3 3").segments == [.move(to: point(1, 1)), .line(to: point(2, 2)), .line(to: point(3, 3))])
        #expect(try SVGPath(parsing: "m1 1 2 2 3 3").segments == [.move(to: point(1, 1)), .line(to: point(3, 3)), .line(to: point(6, 6))])
        #expect(try SVGPath(parsing: "M0 0 L1 1 m1 1 1 1").segments.last == .line(to: point(3, 3)))
    }

    @Test("S reflects the previous C/S control point, T the previous Q/T; otherwise the current point")
    func reflections() throws {
        let smooth = try SVGPath(parsing: "M0 0 C1 2 3 4 5 5 S9 9 10 10 s1 1 2 2")
        #expect(smooth.segments[2] == .cubic(control1: point(7, 6), control2: point(9, 9), to: point(10, 10)))
        #expect(smooth.segments[3] == .cubic(control1: point(11, 11), control2: point(11, 11), to: point(12, 12)))
        let quadratic = try SVGPath(parsing: "M0 0 Q1 2 2 2 T4 4 t2 0")
        #expect(quadratic.segments[2] == .quadratic(control: point(3, 2), to: point(4, 4)))
        #expect(quadratic.segments[3] == .quadratic(control: point(5, 6), to: point(6, 4)))
        #expect(try SVGPath(parsing: "M1 1 Q2 2 3 3 S5 5 6 6").segments[2] == .cubic(control1: point(3, 3), control2: point(5, 5), to: point(6, 6)))
        #expect(try SVGPath(parsing: "M1 1 C1 1 2 2 3 3 T6 6").segments[2] == .quadratic(control: point(3, 3), to: point(6, 6)))
        #expect(try SVGPath(parsing: "M1 1 C2 2 2 2 3 3 L4 4 S6 6 7 7").segments[3] == .cubic(control1: point(4, 4), control2: point(6, 6), to: point(7, 7)))
    }

    @Test("numbers: 1.5.5 is two, exponents, signs as separators, leading and trailing dots")
    func numbers() throws {
        #expect(try SVGPath(parsing: "M1.5.5").segments == [.move(to: point(1.5, 0.5))])
        #expect(try SVGPath(parsing: "M1e-3-1E+2").segments == [.move(to: point(0.001, -100))])
        #expect(try SVGPath(parsing: "M-.5+3").segments == [.move(to: point(-0.5, 3))])
        #expect(try SVGPath(parsing: "M1.,2.e1").segments == [.move(to: point(1, 20))])
        #expect(try SVGPath(parsing: "M007 0.000").segments == [.move(to: point(7, 0))])
        #expect(try SVGPath(parsing: "M1e-400 0").segments == [.move(to: point(0, 0))])
    }

    @Test("arc flags need no separators; radii keep their sign as written")
    func arcFlags() throws {
        let expected = SVGPathSegment.arc(radiusX: 1, radiusY: 1, rotation: 0, largeArc: false, sweep: true, to: point(1, 1))
        for text in ["M0 0 a1 1 0 01 1 1", "M0 0 a1 1 0 011 1", "M0 0a1,1,0,0,1,1,1", "M0 0 a1 1 0 0,1,1,1", "M0 0 A1 1 0 0 1 1 1"] {
            #expect(try SVGPath(parsing: text).segments.last == expected, "\(text)")
        }
        #expect(try SVGPath(parsing: "M0 0 A-1 -2 -30 1 0 5 5").segments.last
            == .arc(radiusX: -1, radiusY: -2, rotation: -30, largeArc: true, sweep: false, to: point(5, 5)))
    }

    @Test("after Z the current point is the subpath's start; blank data is an empty path")
    func afterClose() throws {
        #expect(try SVGPath(parsing: "M5 5 L10 5 Z l1 1").segments.last == .line(to: point(6, 6)))
        #expect(try SVGPath(parsing: "").segments.isEmpty)
        #expect(try SVGPath(parsing: " \t\r\n\u{0C}").segments.isEmpty)
    }

    @Test("errors describe themselves")
    func descriptions() {
        #expect(SVGPathError(offset: 3, expected: .flag).description == "expected an arc flag (0 or 1) at byte 3")
        #expect(SVGPathError(offset: 0, expected: .moveTo).description == "expected M or m at byte 0")
    }

    @Test("offsets count UTF-8 bytes")
    func utf8Offsets() {
        #expect(throws: SVGPathError(offset: 9, expected: .commandOrNumber)) { try SVGPath(parsing: "M0 0 L1 1\u{00A0}") }
        #expect(throws: SVGPathError(offset: 6, expected: .number)) { try SVGPath(parsing: "M0 0 L🙂") }
    }
}

@Suite("Canonical serialisation (SG-3)")
struct SVGPathRoundTripTests {
    @Test("parse(serialise(p)) == p, and the canonical form is a fixed point", arguments: PathCorpus.valid)
    func roundTrip(path: String) throws {
        let parsed = try SVGPath(parsing: path)
        let canonical = parsed.serialized
        let reparsed = try SVGPath(parsing: canonical)
        #expect(reparsed == parsed)
        #expect(reparsed.serialized == canonical)
    }

    @Test("the canonical form: absolute M L C Q A Z, shortest exact numbers")
    func canonicalForm() throws {
        #expect(try SVGPath(parsing: "m1 2 h3 v4 s1 1 2 2 t1 1 a5 5 0 1 0 1 1 z").serialized
            == "M1 2 L4 2 L4 6 C4 6 5 7 6 8 Q6 8 7 9 A5 5 0 1 0 8 10 Z")
        #expect(try SVGPath(parsing: "M0.1 -0 L1e-7 1e21 L123456.789 -2.5e-300").serialized
            == "M0.1 -0 L1e-07 1e+21 L123456.789 -2.5e-300")
        #expect(try SVGPath(parsing: "M0.30000000000000004 1.7976931348623157e308").serialized
            == "M0.30000000000000004 1.7976931348623157e+308")
        #expect(try SVGPath(parsing: "").serialized == "")
    }

    @Test("relative coordinates that drift in binary still round-trip exactly")
    func drift() throws {
        let path = try SVGPath(parsing: "m0.1 0.2" + String(repeating: " l0.1 0.2 0.3 0.7", count: 200))
        #expect(try SVGPath(parsing: path.serialized) == path)
    }
}
