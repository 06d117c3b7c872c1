/// When one path starts being stroked, and for how long (SG-3).
public struct PathTiming: Hashable, Sendable {
    public let delay: Duration
    public let duration: Duration

    public init(delay: Duration, duration: Duration) {
        self.delay = delay
        self.duration = duration
    }

    /// When the path is fully drawn.
    public var end: Duration { delay + duration }
}

/// The schedule of a story's drawings (SG-3, SG-6): with drawing on, every path is stroked over
/// 3 seconds, one after another in reading order across the whole row (path *i* of the story
/// starts at 3·*i* s); with drawing off, every path appears at once (delay and duration 0).
/// The face replays it each time the screen appears (SG-10).
public struct DrawingTimeline: Hashable, Sendable {
    /// How long one path takes to stroke: "Время отрисовки путей: 3 секунды".
    public static let strokeDuration = Duration.seconds(3)

    /// Per drawing, per path.
    public let timings: [[PathTiming]]
    /// When the last path is drawn; zero when drawing is off or there are no paths.
    public let totalDuration: Duration

    /// A schedule for drawings holding `pathCounts[i]` paths each (a negative count counts as 0).
    public init(pathCounts: [Int], isDrawingEnabled: Bool, strokeDuration: Duration = DrawingTimeline.strokeDuration) {
        var next = Duration.zero
        var timings: [[PathTiming]] = []
        for count in pathCounts {
            var drawing: [PathTiming] = []
            for _ in 0..<max(0, count) {
                if isDrawingEnabled {
                    drawing.append(PathTiming(delay: next, duration: strokeDuration))
                    next += strokeDuration
                } else {
                    drawing.append(PathTiming(delay: .zero, duration: .zero))
                }
            }
            timings.append(drawing)
        }
        self.timings = timings
        self.totalDuration = next
    }

    /// The schedule of `story` under `settings`.
    public init(story: Story, settings: DrawingSettings) {
        self.init(pathCounts: story.drawings.map(\.paths.count), isDrawingEnabled: settings.isDrawingEnabled)
    }

    /// The timing of path `path` of drawing `drawing`, or nil if there is no such path.
    public func timing(drawing: Int, path: Int) -> PathTiming? {
        guard timings.indices.contains(drawing), timings[drawing].indices.contains(path) else { return nil }
        return timings[drawing][path]
    }
}
