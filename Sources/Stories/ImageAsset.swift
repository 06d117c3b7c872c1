/// The size of an image in pixels, which the screens use to keep its aspect ratio (SG-2, SG-4).
public struct PixelSize: Hashable, Sendable {
    public let width: Int
    public let height: Int

    /// Nil unless both sides are positive: an empty image has no aspect ratio.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
    }

    /// Width over height.
    public var aspectRatio: Double { Double(width) / Double(height) }

    /// The height that keeps the aspect ratio at `width`.
    public func height(forWidth width: Double) -> Double { width / aspectRatio }
}

/// An image the app ships: its resource name and its pixel size (SG-2, SG-4, SG-8).
public struct ImageAsset: Hashable, Sendable {
    /// The file name in the web target's resources, e.g. `lighthouse-cover.jpg`.
    public let name: String
    public let size: PixelSize

    public init(name: String, size: PixelSize) {
        self.name = name
        self.size = size
    }
}
