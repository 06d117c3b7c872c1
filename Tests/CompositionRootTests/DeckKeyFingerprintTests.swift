import ByteEncoding
import CompositionRoot
import Crypto
import Foundation
import PostgresStorage
import PostgresTestSupport
import Testing
import WebPush
import WebShell

/// Servers sharing a database must read the same keys (issue 26), `vapid.key` too (issue 38): a
/// server with another VAPID key would hand browsers subscriptions the other servers' pushes are
/// refused for, and send nothing to the browsers subscribed through them.
@Suite("Deck key fingerprints")
struct DeckKeyFingerprintTests {
    static let serverKey = Data(repeating: 0xA1, count: 32)
    static let secretsKey = Data(repeating: 0xB2, count: 32)

    /// A key folder as `appdeck keys init` leaves it: the two key files, and `vapid` (the file's
    /// text) as `vapid.key` unless nil. Removed after `body`.
    func withKeys<Result>(vapid: String?, _ body: (DeckKeys, KeyDirectory) async throws -> Result) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deck-keys-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = ["csrf.key": Self.serverKey, "secrets.key": Self.secretsKey]
        if let vapid { files[VAPIDKeyFile.fileName] = Data(vapid.utf8) }
        for (name, contents) in files {
            #expect(FileManager.default.createFile(
                atPath: folder.appendingPathComponent(name).path, contents: contents, attributes: [.posixPermissions: 0o600]))
        }
        let directory = KeyDirectory(url: folder, createsMissingKeys: false)
        return try await body(try DeckKeys.load(from: directory), directory)
    }

    /// The fingerprints of a key folder made with `vapid` as `vapid.key` (none when nil).
    func fingerprints(vapid: String?) async throws -> [String: String] {
        try await withKeys(vapid: vapid) { keys, directory in try keys.fingerprints(in: directory) }
    }

    @Test("vapid.key is fingerprinted beside the key files; another VAPID key changes its fingerprint only")
    func vapidFingerprinted() async throws {
        let first = try await fingerprints(vapid: P256.Signing.PrivateKey().pemRepresentation)
        let second = try await fingerprints(vapid: P256.Signing.PrivateKey().pemRepresentation)
        #expect(Set(first.keys) == ["csrf.key", "secrets.key", "vapid.key"])
        #expect(first["csrf.key"] == second["csrf.key"])
        #expect(first["secrets.key"] == second["secrets.key"])
        #expect(first["vapid.key"] != second["vapid.key"])
        // A fingerprint tells nothing of the key: 64 hex digits, unlike any form of it.
        #expect(first["vapid.key"]?.count == 64)
        #expect(first["vapid.key"]?.allSatisfy(\.isHexDigit) == true)
    }

    @Test("one VAPID key has one fingerprint, as PEM or as its base64url scalar")
    func vapidFormsAgree() async throws {
        let key = P256.Signing.PrivateKey()
        let asPEM = try await fingerprints(vapid: key.pemRepresentation)
        let asScalar = try await fingerprints(vapid: Base64URL.encode(key.rawRepresentation))
        #expect(asPEM["vapid.key"] != nil)
        #expect(asPEM == asScalar)
    }

    @Test("a server without vapid.key (it sends no reminders) compares the key files only")
    func withoutVAPID() async throws {
        let fingerprints = try await withKeys(vapid: nil) { keys, directory in
            #expect(keys.vapid == nil)
            return try keys.fingerprints(in: directory)
        }
        #expect(Set(fingerprints.keys) == ["csrf.key", "secrets.key"])
    }

    @Test("on a shared database, a server with another vapid.key is refused, naming it; one without starts")
    func sharedDatabaseRefusesOtherVAPIDKey() async throws {
        let recorded = try await fingerprints(vapid: P256.Signing.PrivateKey().pemRepresentation)
        let other = try await fingerprints(vapid: P256.Signing.PrivateKey().pemRepresentation)
        let without = try await fingerprints(vapid: nil)
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                try await database.checkKeyFingerprints(recorded)
                let refused = await #expect(throws: PostgresAppDatabase.KeyMismatch.self) {
                    try await database.checkKeyFingerprints(other)
                }
                #expect(refused?.names == ["vapid.key"])
                #expect(refused?.description.contains("vapid.key") == true)
                try await database.checkKeyFingerprints(without)
                try await database.checkKeyFingerprints(recorded)
            }
        }
    }
}
