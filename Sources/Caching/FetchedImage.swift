/// Bytes of an image and the media type its host declared: what the image pipelines (Photos'
/// thumbnails, PH-4; GitHub's README images, GH-3) fetch, validate and keep on disk.
public struct FetchedImage: Sendable, Hashable {
    public let bytes: [UInt8]
    public let contentType: String

    public init(bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
    }
}

/// A byte-bounded cache of images that survives restarts (files in the data directory in
/// production), evicting the least recently used first.
public protocol ImageDiskCache: Sendable {
    func image(forKey key: String) async -> FetchedImage?
    func store(_ image: FetchedImage, forKey key: String) async
}
