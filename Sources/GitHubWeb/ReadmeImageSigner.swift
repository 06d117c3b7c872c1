import ByteEncoding
import Crypto
import Foundation

/// The README image proxy's addresses (GH-3), signed like GitHub's camo: `/github/readme-images/
/// <signature>?url=<target>`, where the signature is an HMAC-SHA256 of the target URL under a key
/// derived from the server's (`Shell.purposeKey("github.readme-images")`). Only the server makes
/// signatures, and only for images of READMEs it rendered, so the proxy fetches nothing else:
/// it is no open proxy. The first 16 bytes of the HMAC, in hex, are the signature.
struct ReadmeImageSigner: Sendable {
    static let purpose = "github.readme-images"
    private let key: [UInt8]

    init(key: [UInt8]) {
        self.key = key
    }

    /// 32 lowercase hex digits.
    func signature(for target: String) -> String {
        Hex.encode(HMAC<SHA256>.authenticationCode(for: Data(target.utf8), using: SymmetricKey(data: key)).prefix(16))
    }

    /// The proxy's address for an http(s) image; nil for any other URL.
    func address(for url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        let target = url.absoluteString
        return GitHubPath.readmeImage.link(signature(for: target), query: ["url": target])
    }

    /// Whether `signature` is the one for `target`, compared in constant time.
    func verifies(_ signature: String, for target: String) -> Bool {
        let expected = Array(self.signature(for: target).utf8)
        let given = Array(signature.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
