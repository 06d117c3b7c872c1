import Foundation
import SecretSealing
import WebPush
import WebShell

/// Every key the deck uses, loaded once at start (issue 35): the server key that signs cookies and
/// CSRF tokens, and the key that seals what a device keeps secret. Keys others could read or
/// replace are refused before either is read (issue 33).
public struct DeckKeys: Sendable {
    public let server: ServerKey
    public let sealer: SecretSealer
    /// The VAPID key pair MyHabits' reminders are signed with (issue 38), `vapid.key`. Made beside
    /// the others by a server on its own data directory; a server on a shared database only reads
    /// the one `appdeck keys init` made, and without it sends no reminder (nothing else changes).
    public let vapid: VAPIDKeys?

    /// The key files of 32 bytes, by name: what `appdeck keys init` makes beside `vapid.key`.
    public static let fileNames = [KeyDirectory.serverKeyFileName, SecretSealer.keyFileName]

    /// What a shared database compares across servers (issue 26): each key file's fingerprint, and
    /// `vapid.key`'s when this server has one (issue 38): servers with different VAPID keys would
    /// each hand browsers subscriptions that the others' pushes are refused for. Taken of the VAPID
    /// public key, which names the pair whether the file holds PEM or the base64url scalar. A
    /// server without one sends no reminders, so it has nothing to compare.
    public func fingerprints(in directory: KeyDirectory) throws -> [String: String] {
        var fingerprints = try directory.fingerprints(of: Self.fileNames)
        if let vapid { fingerprints[VAPIDKeyFile.fileName] = KeyDirectory.fingerprint(of: Data(vapid.publicKey)) }
        return fingerprints
    }

    /// Loads the keys in `directory`, making missing ones first when it allows that.
    public static func load(from directory: KeyDirectory) throws -> DeckKeys {
        try directory.checkPermissions(of: fileNames)
        let sealer = try directory.createsMissingKeys ? SecretSealer.loadOrCreate(in: directory.url) : SecretSealer.load(in: directory.url)
        let vapid: VAPIDKeys?
        if directory.createsMissingKeys {
            vapid = try VAPIDKeyFile.loadOrCreate(in: directory.url)
        } else {
            do throws(VAPIDKeyFile.Failure) {
                vapid = try VAPIDKeyFile.load(in: directory.url)
            } catch .missing {
                vapid = nil
            }
        }
        return DeckKeys(server: try ServerKey.load(from: directory), sealer: sealer, vapid: vapid)
    }
}
