import Caching
import Foundation
import Upstream

/// What the thumbnail pipeline accepts from an image host (PH-4): an `image/*` answer that is not
/// empty and not over the size cap, in a format whose header says it is at most
/// `maximumSide` pixels a side (PNG, GIF, JPEG, WebP; anything else cannot be measured and is
/// refused). The live fetcher enforces the same; the pipeline checks again so
/// no fetcher can slip a page or a huge body into the caches. SVG is refused: it can carry script
/// and it would be served from our own origin; the only SVG we serve is the fallback we draw.
public enum ImageValidation {
    /// The most pixels a side a thumbnail may have (jsonplaceholder's are 150).
    public static let maximumSide = 4096

    /// `nil` when `image` is acceptable, else why not.
    public static func failure(for image: FetchedImage, maximumBytes: Int) -> UpstreamFailure? {
        guard isAcceptedContentType(image.contentType), !image.bytes.isEmpty else { return .rejected(.notAnImage) }
        guard image.bytes.count <= maximumBytes else { return .rejected(.tooLarge) }
        guard let size = ImageHeader.size(of: image.bytes), size.width > 0, size.height > 0 else { return .rejected(.notAnImage) }
        guard size.width <= maximumSide, size.height <= maximumSide else { return .rejected(.tooLarge) }
        return nil
    }

    /// `image/<subtype>` with any parameters, except `image/svg+xml`.
    public static func isAcceptedContentType(_ contentType: String) -> Bool {
        let type = mediaType(of: contentType)
        guard type.hasPrefix("image/"), type.count > "image/".count else { return false }
        return type != "image/svg+xml"
    }

    /// `Image/PNG; charset=x` → `image/png`.
    public static func mediaType(of contentType: String) -> String {
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return essence.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
