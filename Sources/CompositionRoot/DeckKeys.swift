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

    /// The key files, by name: what `appdeck keys init` makes and a shared database fingerprints.
    public static let fileNames = [KeyDirectory.serverKeyFileName, SecretSealer.keyFileName]

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
