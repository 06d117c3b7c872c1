import Foundation
import GitHub

/// The README image proxy (GH-3): the images (the core's `ReadmeImages`: caches, coalescing,
/// breaker, rules) and the signer of the addresses pages use for them.
struct ReadmeImageProxy: Sendable {
    let images: ReadmeImages
    let signer: ReadmeImageSigner

    /// The signed same-origin address pages use for `url`.
    func address(for url: URL) -> String? {
        signer.address(for: url)
    }
}
