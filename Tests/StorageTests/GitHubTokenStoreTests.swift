import Devices
import Foundation
import SecretSealing
import Storage
import Testing

/// The sealer, and what SQLite writes to disk. The store's behaviour on both backends is in
/// StoreContractTests.
@Suite("SQLiteGitHubTokenStore and SecretSealer")
struct GitHubTokenStoreTests {
    let alice = DeviceID("0123456789abcdef0123456789abcdef")!
    let bob = DeviceID("fedcba9876543210fedcba9876543210")!
    let token = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3poAB12"

    @Test("the database file and its journal never hold a stored secret's bytes")
    func sealedAtRest() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        let sealer = try SecretSealer.loadOrCreate(in: temporary.directory)
        let database = try temporary.open()
        let mine = database.githubTokenStore(owner: alice, sealer: sealer)
        let theirs = database.githubTokenStore(owner: bob, sealer: sealer)

        try await mine.set(token, forKey: "github.token")
        #expect(try await mine.string(forKey: "github.token") == token)
        #expect(try await theirs.string(forKey: "github.token") == nil)
        try database.close()

        for file in try FileManager.default.contentsOfDirectory(atPath: temporary.directory.path) where file.hasPrefix("test.sqlite") {
            let bytes = try Data(contentsOf: temporary.directory.appendingPathComponent(file))
            #expect(bytes.range(of: Data(token.utf8)) == nil, "\(file) holds the token")
            #expect(bytes.range(of: Data("R2d2C3po".utf8)) == nil, "\(file) holds part of the token")
        }

        let reopened = try temporary.open()
        let again = try SecretSealer.loadOrCreate(in: temporary.directory)
        #expect(try await reopened.githubTokenStore(owner: alice, sealer: again).string(forKey: "github.token") == token)
        try await reopened.githubTokenStore(owner: alice, sealer: again).remove(forKey: "github.token")
        #expect(try await reopened.githubTokenStore(owner: alice, sealer: again).string(forKey: "github.token") == nil)
        try reopened.close()
    }

    @Test("the key file is made 0600, kept across starts, and a damaged one is refused rather than replaced")
    func keyFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sealer-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let sealer = try SecretSealer.loadOrCreate(in: directory)
        let path = directory.appendingPathComponent("secrets.key").path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue == 32)

        let sealed = try sealer.seal(token, context: "a")
        #expect(try SecretSealer.loadOrCreate(in: directory).open(sealed, context: "a") == token)
        #expect(throws: SecretSealer.Failure.self) { try sealer.open(sealed, context: "b") }
        var tampered = sealed
        tampered[tampered.count - 1] ^= 1
        #expect(throws: SecretSealer.Failure.self) { try sealer.open(tampered, context: "a") }
        #expect(try sealer.seal(token, context: "a") != sealed, "every seal takes a fresh nonce")

        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        #expect(throws: SecretSealer.Failure.self) { try SecretSealer.loadOrCreate(in: directory) }
    }
}
