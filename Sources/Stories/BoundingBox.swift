/// An axis-aligned box in user space (SG-3: a drawing is framed to the box of its paths).
public struct BoundingBox: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box of one point.
    public init(_ point: SVGPoint) {
        self.init(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    /// True when all four edges are finite numbers.
    public var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }

    public mutating func include(_ point: SVGPoint) {
        includeX(point.x)
        includeY(point.y)
    }

    /// Widens the box to `x` (one axis only: extrema of curves come one axis at a time).
    public mutating func includeX(_ x: Double) {
        minX = Swift.min(minX, x)
        maxX = Swift.max(maxX, x)
    }

    public mutating func includeY(_ y: Double) {
        minY = Swift.min(minY, y)
        maxY = Swift.max(maxY, y)
    }

    public func union(_ other: BoundingBox) -> BoundingBox {
        BoundingBox(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
                    maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// The box grown by `amount` on every side.
    public func outset(by amount: Double) -> BoundingBox {
        BoundingBox(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }
}

extension SVGPath {
    /// The exact box of what the path draws, or nil when it draws nothing (no segments, or only
    /// moves). A move on its own adds nothing; every other segment counts from its start point.
    /// Lines are exact; Bézier curves add their extrema (roots of the derivative); arcs add theirs
    /// from the centre parameterisation (`ArcGeometry`).
    public var boundingBox: BoundingBox? {
        var box: BoundingBox?
        var current = SVGPoint.zero
        var subpathStart = SVGPoint.zero
        for segment in segments {
            if case .move(let to) = segment {
                current = to
                subpathStart = to
                continue
            }
            let end = segment.endPoint ?? subpathStart
            var segmentBox = BoundingBox(current)
            segmentBox.include(end)
            switch segment {
            case .cubic(let control1, let control2, let to):
                for x in BezierExtrema.cubic(current.x, control1.x, control2.x, to.x) { segmentBox.includeX(x) }
                for y in BezierExtrema.cubic(current.y, control1.y, control2.y, to.y) { segmentBox.includeY(y) }
            case .quadratic(let control, let to):
                if let x = BezierExtrema.quadratic(current.x, control.x, to.x) { segmentBox.includeX(x) }
                if let y = BezierExtrema.quadratic(current.y, control.y, to.y) { segmentBox.includeY(y) }
            case .arc(let radiusX, let radiusY, let rotation, let largeArc, let sweep, let to):
                let geometry = ArcGeometry(from: current, radiusX: radiusX, radiusY: radiusY, rotation: rotation,
                                           largeArc: largeArc, sweep: sweep, to: to)
                if let extrema = geometry?.extrema {
                    extrema.x.forEach { segmentBox.includeX($0) }
                    extrema.y.forEach { segmentBox.includeY($0) }
                }
            case .move, .line, .close:
                break
            }
            box = box?.union(segmentBox) ?? segmentBox
            current = end
        }
        return box
    }
}
