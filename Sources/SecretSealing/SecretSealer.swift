import Crypto
import Foundation

/// Seals secrets (a GitHub token) before they reach the database: AES-GCM under a 256-bit key kept
/// in `<dataDirectory>/secrets.key`, created 0600 on first start. The database file alone, or a
/// copy of it, never reveals a secret.
///
/// Each sealed value is bound to its place (`context`: the owning device and the key name) as
/// authenticated data, so a sealed value copied into another device's row does not open.
public struct SecretSealer: Sendable {
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The key file exists but is not 32 bytes: it is never replaced, since that would lose
        /// every sealed secret silently.
        case unreadableKeyFile(path: String)
        /// The sealed bytes are damaged, or belong to another context or another key.
        case cannotOpen

        public var description: String {
            switch self {
            case .unreadableKeyFile(let path):
                "No usable key at \(path) (32 bytes). Create the keys once with `appdeck keys init --key-dir DIR` and give every server that folder."
            case .cannotOpen: "A sealed secret does not open with this key."
            }
        }
    }

    public static let keyFileName = "secrets.key"

    /// Raw key bytes: `SymmetricKey` is not `Sendable`, so one is made per use.
    private let keyBytes: [UInt8]

    init(keyBytes: [UInt8]) { self.keyBytes = keyBytes }

    /// Reads the key file in `keyDirectory`; a missing one is refused, never made (servers sharing
    /// a database read the key `appdeck keys init` made).
    public static func load(in keyDirectory: URL) throws -> SecretSealer {
        let url = keyDirectory.appendingPathComponent(keyFileName)
        guard let data = try? Data(contentsOf: url), data.count == 32 else { throw Failure.unreadableKeyFile(path: url.path) }
        return SecretSealer(keyBytes: Array(data))
    }

    /// Reads the key file in `dataDirectory`, creating it (0600, 32 random bytes) when missing.
    public static func loadOrCreate(in dataDirectory: URL) throws -> SecretSealer {
        let url = dataDirectory.appendingPathComponent(keyFileName)
        let manager = FileManager.default
        if manager.fileExists(atPath: url.path) {
            guard let data = try? Data(contentsOf: url), data.count == 32 else { throw Failure.unreadableKeyFile(path: url.path) }
            // A key file someone widened is narrowed again: only the server's user reads it.
            try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
            return SecretSealer(keyBytes: Array(data))
        }
        try manager.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let data = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        guard manager.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return SecretSealer(keyBytes: Array(data))
    }

    /// The context a device's secret named `name` is sealed for: every store backend seals with this
    /// one, so a value sealed on SQLite opens on PostgreSQL after its row is copied there, and only
    /// in its own row.
    public static func context(owner: String, name: String) -> String {
        "appdeck.secret|\(owner)|\(name)"
    }

    /// `nonce ‖ ciphertext ‖ tag` of `plaintext`, bound to `context`.
    public func seal(_ plaintext: String, context: String) throws -> Data {
        let box = try AES.GCM.seal(Data(plaintext.utf8), using: SymmetricKey(data: keyBytes), authenticating: Data(context.utf8))
        guard let combined = box.combined else { throw Failure.cannotOpen }
        return combined
    }

    /// The plaintext sealed for `context`; throws `.cannotOpen` for anything else.
    public func open(_ sealed: Data, context: String) throws -> String {
        do {
            let box = try AES.GCM.SealedBox(combined: sealed)
            let plaintext = try AES.GCM.open(box, using: SymmetricKey(data: keyBytes), authenticating: Data(context.utf8))
            guard let text = String(data: plaintext, encoding: .utf8) else { throw Failure.cannotOpen }
            return text
        } catch {
            throw Failure.cannotOpen
        }
    }
}
