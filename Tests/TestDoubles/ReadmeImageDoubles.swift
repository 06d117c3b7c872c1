import Caching
import Foundation
import GitHub
import Synchronization
import Upstream

/// README images as a host would answer them (GH-3), by URL: each fetch is counted, and waits at
/// `gate` when one is given. A URL without an answer is a 404 (`.notFound`). A URL given a fault
/// (`setFault`) throws it as the live fetcher does: the failure with the origin it came from.
public final class FakeReadmeImageFetcher: ReadmeImageFetching {
    private let answers: Mutex<[String: Result<FetchedImage, UpstreamFailure>]>
    private let faults = Mutex<[String: UpstreamFault]>([:])
    public let fetches = Counter()
    public let gate: Gate?

    public init(_ answers: [String: Result<FetchedImage, UpstreamFailure>] = [:], gate: Gate? = nil) {
        self.answers = Mutex(answers)
        self.gate = gate
    }

    public func set(_ url: String, _ answer: Result<FetchedImage, UpstreamFailure>) {
        answers.withLock { $0[url] = answer }
    }

    public func setFault(_ url: String, _ fault: UpstreamFault) {
        faults.withLock { $0[url] = fault }
    }

    public func fetchImage(at url: URL, maximumBytes: Int, party: String?) async throws -> FetchedImage {
        fetches.increment()
        if let gate { await gate.wait() }
        if let fault = faults.withLock({ $0[url.absoluteString] }) { throw fault }
        let answer = answers.withLock { $0[url.absoluteString] } ?? .failure(.notFound)
        let image = try answer.get()
        guard image.bytes.count <= maximumBytes else { throw UpstreamFailure.rejected(.tooLarge) }
        return image
    }
}

/// Image bytes whose headers declare a size, for the README image suites.
public enum SampleImages {
    /// A PNG signature and IHDR chunk declaring `width`×`height` (enough for `ImageHeader`), then
    /// `padding` zero bytes.
    public static func png(width: Int, height: Int, padding: Int = 0) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + [UInt8](repeating: 0, count: padding)
    }

    public static let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"><rect width="80" height="20"/></svg>"#.utf8)
}
