import Caching
import Foundation
import Upstream

/// What the README image proxy accepts from an image host (GH-3), as GitHub's camo does: an
/// `image/png`, `image/jpeg`, `image/gif`, `image/webp`, `image/avif` or `image/svg+xml` answer
/// that is not empty and not over the byte cap; a raster image must also declare in its header
/// (`ImageHeader`) a size of at most `maximumPixels` pixels and `maximumSide` a side, so a few
/// bytes cannot make a browser decode gigabytes. An SVG has no pixels to count; it is served with
/// `Content-Security-Policy: sandbox` and only ever shown as an `<img>`, where it runs no script.
public enum ReadmeImageRules {
    /// The media types served, by the type the host declares.
    public static let mediaTypes: Set<String> = [
        "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/svg+xml",
    ]
    public static let svg = "image/svg+xml"

    /// `nil` when `image` may be served, else why not.
    public static func failure(for image: FetchedImage, maximumBytes: Int, maximumPixels: Int, maximumSide: Int) -> UpstreamFailure? {
        let type = mediaType(of: image.contentType)
        guard mediaTypes.contains(type), !image.bytes.isEmpty else { return .rejected(.notAnImage) }
        guard image.bytes.count <= maximumBytes else { return .rejected(.tooLarge) }
        if type == svg { return nil }
        guard let size = ImageHeader.size(of: image.bytes), size.width > 0, size.height > 0 else { return .rejected(.notAnImage) }
        guard size.width <= maximumSide, size.height <= maximumSide, size.width * size.height <= maximumPixels else {
            return .rejected(.tooLarge)
        }
        return nil
    }

    /// Whether a `Content-Type` header names one of `mediaTypes`.
    public static func accepts(contentType: String?) -> Bool {
        contentType.map { mediaTypes.contains(mediaType(of: $0)) } ?? false
    }

    /// `Image/PNG; charset=x` → `image/png`.
    public static func mediaType(of contentType: String) -> String {
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return essence.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
