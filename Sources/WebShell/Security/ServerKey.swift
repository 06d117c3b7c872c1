import Crypto
import Foundation

/// The server's secret: 256 random bits in `<keyDirectory>/csrf.key` (the name it has had since
/// it signed only CSRF tokens), created 0600 on first start, so what it signs survives restarts.
/// Servers that share a database share it (issue 26): then it is made once, by `appdeck keys init`,
/// and a server only reads it.
public struct ServerKey: Sendable {
    static let fileName = "csrf.key"

    /// The key in `keys`, made there first when `keys` allows it and it is missing.
    public static func load(from keys: KeyDirectory) throws -> ServerKey {
        try keys.createsMissingKeys ? loadOrCreate(in: keys.url) : load(in: keys.url)
    }

    let bytes: [UInt8]

    /// The key in `keyDirectory`; a missing or damaged one is refused, never made.
    static func load(in keyDirectory: URL) throws -> ServerKey {
        let url = keyDirectory.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url), data.count == 32 else { throw KeyFileError(path: url.path) }
        return ServerKey(bytes: Array(data))
    }

    static func loadOrCreate(in dataDirectory: URL) throws -> ServerKey {
        let url = dataDirectory.appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: url), data.count == 32 {
            return ServerKey(bytes: Array(data))
        }
        let data = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return ServerKey(bytes: Array(data))
    }

    /// A key for one purpose, so a value signed for one use is never valid for another.
    func derived(for purpose: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(purpose.utf8), using: SymmetricKey(data: bytes)))
    }

    /// Compares in time that does not depend on where the two differ.
    static func constantTimeEquals(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// A key file a server that must not make keys found missing or damaged.
public struct KeyFileError: Error, CustomStringConvertible {
    public let path: String
    public var description: String {
        "No usable key at \(path) (32 bytes). Create the keys once with `appdeck keys init --key-dir DIR` and give every server that folder."
    }
}
