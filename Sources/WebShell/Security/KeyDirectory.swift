import Crypto
import Foundation

/// Where the server's keys are (`csrf.key`, `secrets.key`), and whether a server may make a
/// missing one. The embedded default keeps them in the data directory and makes them on first
/// start; servers sharing a PostgreSQL database read keys made once by `appdeck keys init`, since
/// two servers making their own at the same moment would disagree (issue 26).
public struct KeyDirectory: Sendable {
    public let url: URL
    public let createsMissingKeys: Bool

    public init(url: URL, createsMissingKeys: Bool) {
        self.url = url
        self.createsMissingKeys = createsMissingKeys
    }

    /// The keys of a server on its own data directory, made there when missing.
    public static func embedded(in dataDirectory: URL) -> KeyDirectory {
        KeyDirectory(url: dataDirectory, createsMissingKeys: true)
    }

    /// The name of the key that signs cookies and CSRF tokens, for `appdeck keys init`.
    public static let serverKeyFileName = ServerKey.fileName

    /// An HMAC-SHA256 of a fixed label under each named key file, in hex: equal for equal keys,
    /// and telling nothing of them. What a shared database records, so that a server started with
    /// other keys than the rest refuses to start (issue 26). Throws `KeyFileError` for a file that
    /// is missing or not 32 bytes.
    public func fingerprints(of names: [String]) throws -> [String: String] {
        try Dictionary(uniqueKeysWithValues: names.map { name in
            let file = url.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file), data.count == 32 else { throw KeyFileError(path: file.path) }
            let code = HMAC<SHA256>.authenticationCode(for: Data("appdeck key fingerprint".utf8), using: SymmetricKey(data: data))
            return (name, code.map { String(format: "%02x", $0) }.joined())
        })
    }
}
