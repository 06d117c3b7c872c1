import Caching
import Foundation
import Photos
import Upstream
import UpstreamHTTP

/// Fetches thumbnails by absolute URL (`https://via.placeholder.com/150/92c952`). Accepts only an
/// `image/*` answer (`.rejected(.notAnImage)` otherwise, decided from the head, before any of the
/// body is read), at most `maximumBytes` of it (`.rejected(.tooLarge)`, decided from
/// `Content-Length` or while streaming), following at most the client's `maximumRedirects`.
///
/// The fetcher sends no credentials and no cookies. Note for the web face: an `image/svg+xml`
/// answer is passed through as it came; serve it from our origin with a CSP that forbids scripts
/// (e.g. `default-src 'none'; style-src 'unsafe-inline'; sandbox`) or draw the fallback instead.
public struct HTTPImageFetcher: ImageFetching {
    private let client: UpstreamClient

    /// Over a client made with `HTTPImageFetcher.configuration()` (no base URL). The caller owns
    /// the client and shuts it down.
    public init(client: UpstreamClient) {
        self.client = client
    }

    /// Where jsonplaceholder's thumbnails live (`via.placeholder.com`) and where that service moved.
    public static let placeholderOrigins: Set<UpstreamOrigin> = Set(
        ["https://via.placeholder.com", "https://placehold.co"].compactMap { UpstreamOrigin($0) })

    /// Short timeouts (a dead image host must cost little; the core's breaker does the rest),
    /// 3 redirects at most.
    public static func configuration(
        connectTimeout: Duration = .seconds(3),
        requestTimeout: Duration = .seconds(8),
        maximumRedirects: Int = 3
    ) -> UpstreamConfiguration {
        UpstreamConfiguration(
            baseURL: nil, connectTimeout: connectTimeout, requestTimeout: requestTimeout,
            defaultHeaders: [(name: "Accept", value: "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8")],
            maximumBodyBytes: 4 * 1024 * 1024, maximumRedirects: maximumRedirects)
    }

    public func fetchImage(at url: URL, maximumBytes: Int) async throws -> FetchedImage {
        let request = UpstreamRequest(
            .url(url), maximumBodyBytes: maximumBytes,
            checkHead: { _, headers in
                Self.imageType(headers["Content-Type"]) == nil ? .rejected(.notAnImage) : nil
            })
        let response = try await client.get(request)
        guard let type = Self.imageType(response.contentType) else { throw UpstreamFailure.rejected(.notAnImage) }
        return FetchedImage(bytes: response.body, contentType: type)
    }

    /// `image/png; charset=…` → `image/png`; nil unless the media type is `image/<subtype>`.
    static func imageType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
        guard type.hasPrefix("image/"), type.count > "image/".count,
            type.allSatisfy({ $0.isLetter || $0.isNumber || "/+-.".contains($0) })
        else { return nil }
        return type
    }
}
