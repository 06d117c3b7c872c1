/// The `viewBox` of an SVG element: origin and size in user space.
public struct ViewBox: Hashable, Sendable {
    public let minX: Double
    public let minY: Double
    public let width: Double
    public let height: Double

    public init(minX: Double, minY: Double, width: Double, height: Double) {
        self.minX = minX
        self.minY = minY
        self.width = width
        self.height = height
    }

    /// The attribute's value, e.g. `-1 -1 102 52`, numbers in their shortest exact form.
    public var attributeValue: String {
        [minX, minY, width, height].map(SVGPath.format).joined(separator: " ")
    }

    /// Width over height, for sizing the drawing's frame.
    public var aspectRatio: Double { width / height }
}

/// One line drawing of a story's row (SG-3, SG-8): path data strings stroked in order, framed by
/// the union of their boxes grown by half the stroke width, so no stroke is clipped.
public struct LineDrawing: Hashable, Sendable {
    public enum Failure: Error, Hashable, Sendable {
        /// The path at `index` does not parse.
        case invalidPath(index: Int, SVGPathError)
        /// No path draws anything (there are none, or they hold only moves).
        case nothingToDraw
        /// The stroke width is not a positive finite number.
        case invalidStrokeWidth
        /// The paths reach so far that the frame's size is not a finite number.
        case unboundedFrame
    }

    /// The path data as written, in drawing order.
    public let pathData: [String]
    /// The same paths, parsed.
    public let paths: [SVGPath]
    public let strokeWidth: Double
    public let viewBox: ViewBox

    /// The stroke width the app draws with, in user units.
    public static let defaultStrokeWidth = 2.0

    public init(pathData: [String], strokeWidth: Double = defaultStrokeWidth) throws(Failure) {
        guard strokeWidth > 0, strokeWidth.isFinite else { throw .invalidStrokeWidth }
        var paths: [SVGPath] = []
        var box: BoundingBox?
        for (index, data) in pathData.enumerated() {
            let path: SVGPath
            do { path = try SVGPath(parsing: data) } catch { throw .invalidPath(index: index, error) }
            paths.append(path)
            if let pathBox = path.boundingBox { box = box?.union(pathBox) ?? pathBox }
        }
        guard let box else { throw .nothingToDraw }
        let frame = box.outset(by: strokeWidth / 2)
        guard frame.isFinite, frame.width.isFinite, frame.height.isFinite else { throw .unboundedFrame }
        self.pathData = pathData
        self.paths = paths
        self.strokeWidth = strokeWidth
        self.viewBox = ViewBox(minX: frame.minX, minY: frame.minY, width: frame.width, height: frame.height)
    }

    public static func == (lhs: LineDrawing, rhs: LineDrawing) -> Bool {
        lhs.pathData == rhs.pathData && lhs.strokeWidth == rhs.strokeWidth
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pathData)
        hasher.combine(strokeWidth)
    }
}
