/// A point in a path's user space.
public struct SVGPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = SVGPoint(x: 0, y: 0)
}

/// One segment of a parsed path, in absolute coordinates (SG-3). The parser resolves every
/// relative, shorthand and implicit command: `H`/`V` become `line`, `S` becomes `cubic` with its
/// reflected first control point, `T` becomes `quadratic`. A segment starts where the previous
/// one ended (after `close`, at the start of its subpath).
public enum SVGPathSegment: Hashable, Sendable {
    /// Starts a subpath (`M`).
    case move(to: SVGPoint)
    case line(to: SVGPoint)
    case cubic(control1: SVGPoint, control2: SVGPoint, to: SVGPoint)
    case quadratic(control: SVGPoint, to: SVGPoint)
    /// An elliptical arc (`A`), kept as written: radii may be negative or zero, the rotation is in
    /// degrees. Geometry follows SVG 1.1 implementation notes F.6 (`ArcGeometry`).
    case arc(radiusX: Double, radiusY: Double, rotation: Double, largeArc: Bool, sweep: Bool, to: SVGPoint)
    /// Back to the start of the subpath (`Z`).
    case close

    /// Where the segment ends, or nil for `close` (the subpath's start, which the path knows).
    public var endPoint: SVGPoint? {
        switch self {
        case .move(let to), .line(let to), .cubic(_, _, let to), .quadratic(_, let to): to
        case .arc(_, _, _, _, _, let to): to
        case .close: nil
        }
    }
}
