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
}
