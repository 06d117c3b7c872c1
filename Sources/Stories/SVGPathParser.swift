/// Reads SVG path data into absolute segments: the whole grammar of SVG 1.1 §8.3 and SVG 2 §9.3.9
/// (SG-3). Commands `M L H V C S Q T A Z` in both cases; implicit repetition (pairs after `M` are
/// `L`, after `m` are `l`); numbers as the grammar writes them (`1.5.5` is two numbers, `1e-3`,
/// `-.5`, `+3`, `1.`); arc flags without separators (`a1 1 0 00 1 1`). Arc radii may be negative,
/// as SVG 2 allows (their absolute values are used). Unlike a renderer, which draws up to the
/// first error, it refuses the whole path and says where and why.
struct SVGPathParser {
    private let bytes: [UInt8]
    private var index = 0
    private var segments: [SVGPathSegment] = []
    private var current = SVGPoint.zero
    private var subpathStart = SVGPoint.zero
    /// The second control point of the previous command when it was C, c, S or s (for S).
    private var previousCubicControl: SVGPoint?
    /// The control point of the previous command when it was Q, q, T or t (for T).
    private var previousQuadraticControl: SVGPoint?

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    mutating func parse() throws(SVGPathError) -> [SVGPathSegment] {
        skipWhitespace()
        guard index < bytes.count else { return [] }  // empty path data: nothing to draw
        guard bytes[index] | 0x20 == UInt8(ascii: "m") else { throw SVGPathError(offset: index, expected: .moveTo) }
        var previousWasClose = false
        while true {
            skipWhitespace()
            guard index < bytes.count else { return segments }
            let letter = bytes[index]
            guard let command = Command(rawValue: letter | 0x20) else {
                throw SVGPathError(offset: index, expected: previousWasClose ? .command : .commandOrNumber)
            }
            index += 1
            try parseCommand(command, relative: letter >= UInt8(ascii: "a"))
            previousWasClose = command == .close
        }
    }

    private enum Command: UInt8 {
        case move = 0x6D, line = 0x6C, horizontal = 0x68, vertical = 0x76, cubic = 0x63
        case smoothCubic = 0x73, quadratic = 0x71, smoothQuadratic = 0x74, arc = 0x61, close = 0x7A
    }

    private mutating func parseCommand(_ command: Command, relative: Bool) throws(SVGPathError) {
        if command == .close {
            segments.append(.close)
            current = subpathStart
            previousCubicControl = nil
            previousQuadraticControl = nil
            return
        }
        skipWhitespace()
        var command = command
        while true {
            try parseArguments(of: command, relative: relative)
            if command == .move { command = .line }  // later pairs are implicit line-tos
            let hadComma = skipCommaWhitespace()
            if index < bytes.count, Self.startsNumber(bytes[index]) { continue }
            if hadComma { throw SVGPathError(offset: index, expected: .number) }
            return
        }
    }

    /// One set of arguments of `command`, and the segment it makes.
    private mutating func parseArguments(of command: Command, relative: Bool) throws(SVGPathError) {
        var cubicControl: SVGPoint?
        var quadraticControl: SVGPoint?
        switch command {
        case .move:
            let point = try readPoint(relative: relative)
            segments.append(.move(to: point))
            subpathStart = point
            current = point
        case .line:
            let point = try readPoint(relative: relative)
            segments.append(.line(to: point))
            current = point
        case .horizontal:
            let x = try readCoordinate(relativeTo: relative ? current.x : nil)
            current = SVGPoint(x: x, y: current.y)
            segments.append(.line(to: current))
        case .vertical:
            let y = try readCoordinate(relativeTo: relative ? current.y : nil)
            current = SVGPoint(x: current.x, y: y)
            segments.append(.line(to: current))
        case .cubic:
            let control1 = try readPoint(relative: relative)
            skipSeparator()
            let control2 = try readPoint(relative: relative)
            skipSeparator()
            let end = try readPoint(relative: relative)
            segments.append(.cubic(control1: control1, control2: control2, to: end))
            cubicControl = control2
            current = end
        case .smoothCubic:
            let control1 = try previousCubicControl.map(reflect) ?? current
            let control2 = try readPoint(relative: relative)
            skipSeparator()
            let end = try readPoint(relative: relative)
            segments.append(.cubic(control1: control1, control2: control2, to: end))
            cubicControl = control2
            current = end
        case .quadratic:
            let control = try readPoint(relative: relative)
            skipSeparator()
            let end = try readPoint(relative: relative)
            segments.append(.quadratic(control: control, to: end))
            quadraticControl = control
            current = end
        case .smoothQuadratic:
            let control = try previousQuadraticControl.map(reflect) ?? current
            let end = try readPoint(relative: relative)
            segments.append(.quadratic(control: control, to: end))
            quadraticControl = control
            current = end
        case .arc:
            let radiusX = try readNumber().value
            skipSeparator()
            let radiusY = try readNumber().value
            skipSeparator()
            let rotation = try readNumber().value
            skipSeparator()
            let largeArc = try readFlag()
            skipSeparator()
            let sweep = try readFlag()
            skipSeparator()
            let end = try readPoint(relative: relative)
            segments.append(.arc(radiusX: radiusX, radiusY: radiusY, rotation: rotation,
                                 largeArc: largeArc, sweep: sweep, to: end))
            current = end
        case .close:
            preconditionFailure("close takes no arguments")
        }
        previousCubicControl = cubicControl
        previousQuadraticControl = quadraticControl
    }

    /// `point` mirrored through the current point: S's first control point, T's control point.
    /// Near the limits of `Double` the mirror image may not exist; then the arguments of the
    /// command (where the parser stands) are refused as out of range.
    private func reflect(_ point: SVGPoint) throws(SVGPathError) -> SVGPoint {
        // c + (c − p) rather than 2c − p: it overflows only when the mirror image itself does.
        let reflected = SVGPoint(x: current.x + (current.x - point.x), y: current.y + (current.y - point.y))
        guard reflected.x.isFinite, reflected.y.isFinite else {
            throw SVGPathError(offset: index, expected: .finiteNumber)
        }
        return reflected
    }

    private mutating func readPoint(relative: Bool) throws(SVGPathError) -> SVGPoint {
        let x = try readCoordinate(relativeTo: relative ? current.x : nil)
        skipSeparator()
        let y = try readCoordinate(relativeTo: relative ? current.y : nil)
        return SVGPoint(x: x, y: y)
    }

    /// A number, made absolute by adding `origin`; it must stay finite.
    private mutating func readCoordinate(relativeTo origin: Double?) throws(SVGPathError) -> Double {
        let (value, offset) = try readNumber()
        guard let origin else { return value }
        let absolute = origin + value
        guard absolute.isFinite else { throw SVGPathError(offset: offset, expected: .finiteNumber) }
        return absolute
    }

    /// `number: sign? (digits ("." digits?)? | "." digits) (("e" | "E") sign? digits)?`
    private mutating func readNumber() throws(SVGPathError) -> (value: Double, offset: Int) {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerDigits = skipDigits()
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
        }
        guard integerDigits + fractionDigits > 0 else {
            throw SVGPathError(offset: index, expected: index == start ? .number : .digit)
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw SVGPathError(offset: index, expected: .digit) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw SVGPathError(offset: start, expected: .finiteNumber)
        }
        return (value, start)
    }

    private mutating func readFlag() throws(SVGPathError) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw SVGPathError(offset: index, expected: .flag)
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// The optional `comma-wsp` between two arguments of one set.
    private mutating func skipSeparator() {
        _ = skipCommaWhitespace()
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// `comma-wsp: wsp+ ","? wsp* | "," wsp*`; true when it held a comma (another argument must follow).
    private mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    /// SVG's `wsp`: space, tab, line feed, form feed, carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func startsNumber(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
