/// Parsed SVG path data: absolute segments, and the canonical text that writes them back (SG-3).
///
/// `try SVGPath(parsing: path.serialized) == path` for every parsed path: the canonical form uses
/// only absolute `M L C Q A Z`, and numbers in their shortest form that reads back exactly.
public struct SVGPath: Hashable, Sendable {
    public let segments: [SVGPathSegment]

    init(segments: [SVGPathSegment]) {
        self.segments = segments
    }

    /// Parses `pathData` (the `d` attribute); empty or blank data is an empty path.
    public init(parsing pathData: String) throws(SVGPathError) {
        var parser = SVGPathParser(pathData)
        segments = try parser.parse()
    }

    /// The canonical path data, e.g. `M0 0 L10 0 C1 2 3 4 5 6 A5 5 0 0 1 10 10 Z`.
    public var serialized: String {
        var text = ""
        for segment in segments {
            if !text.isEmpty { text += " " }
            switch segment {
            case .move(let to):
                text += "M" + Self.format(to)
            case .line(let to):
                text += "L" + Self.format(to)
            case .cubic(let control1, let control2, let to):
                text += "C" + Self.format(control1) + " " + Self.format(control2) + " " + Self.format(to)
            case .quadratic(let control, let to):
                text += "Q" + Self.format(control) + " " + Self.format(to)
            case .arc(let radiusX, let radiusY, let rotation, let largeArc, let sweep, let to):
                text += "A" + Self.format(radiusX) + " " + Self.format(radiusY) + " " + Self.format(rotation)
                text += largeArc ? " 1" : " 0"
                text += sweep ? " 1 " : " 0 "
                text += Self.format(to)
            case .close:
                text += "Z"
            }
        }
        return text
    }

    private static func format(_ point: SVGPoint) -> String {
        format(point.x) + " " + format(point.y)
    }

    /// The shortest decimal that reads back as `value` (Swift's `description`), without a
    /// trailing `.0`: `3`, `-0.5`, `1e-07`, `1.5e+300`. Every form is valid SVG number syntax.
    public static func format(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
