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
    /// The size of the largest file.
    public let size: PixelSize
    /// The widths the image is stored at, ascending, for `srcset`: the file of width `w` is
    /// `fileName(width: w)`. Empty when the image is one file called `name`.
    public let widths: [Int]

    public init(name: String, size: PixelSize, widths: [Int] = []) {
        self.name = name
        self.size = size
        self.widths = widths
    }

    /// The file holding the image at `width`: `lighthouse.jpg` at 640 is `lighthouse-640.jpg`.
    public func fileName(width: Int) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "\(name)-\(width)" }
        return "\(name[..<dot])-\(width)\(name[dot...])"
    }

    /// The size of the file of `width`, keeping the aspect ratio (height rounded).
    public func size(width: Int) -> PixelSize? {
        PixelSize(width: width, height: Int((Double(width) / size.aspectRatio).rounded()))
    }
}
