import Foundation
import Photos
import Upstream
import UpstreamHTTP

/// jsonplaceholder's photos (PH-2): `GET <base>/photos` and `GET <base>/photos/<id>`, through the
/// shared upstream layer. Throws `UpstreamFailure`.
public struct JSONPlaceholderClient: PhotoSource {
    public static let defaultBaseURL = URL(string: "https://jsonplaceholder.typicode.com")!

    private let client: UpstreamClient

    /// Over a client whose base URL is jsonplaceholder's (or a stand-in's). The caller owns the
    /// client and shuts it down.
    public init(client: UpstreamClient) {
        self.client = client
    }

    /// A configuration fit for jsonplaceholder: the whole list is about 1 MB of JSON (5,000
    /// photos), so the body cap is 8 MiB.
    public static func configuration(
        baseURL: URL = JSONPlaceholderClient.defaultBaseURL,
        connectTimeout: Duration = .seconds(5),
        requestTimeout: Duration = .seconds(20)
    ) -> UpstreamConfiguration {
        UpstreamConfiguration(
            baseURL: baseURL, connectTimeout: connectTimeout, requestTimeout: requestTimeout,
            defaultHeaders: [(name: "Accept", value: "application/json")],
            maximumBodyBytes: 8 * 1024 * 1024,
            // Redirects stay on the API's own origin: the chaos suite saw a 302 to another
            // loopback port followed (issue 21).
            allowedOrigins: UpstreamOrigin(baseURL).map { [$0] } ?? [])
    }

    public func allPhotos() async throws -> [Photo] {
        try await client.getJSON([Photo].self, path: "/photos")
    }

    /// nil when the service answers 404 (jsonplaceholder sends `{}` with it).
    public func photo(id: Int) async throws -> Photo? {
        do {
            return try await client.getJSON(Photo.self, path: "/photos/\(id)")
        } catch UpstreamFailure.notFound {
            return nil
        }
    }
}
