import Foundation
import Testing
import WebPush

/// `vapid.key` is kept as the key folder's other keys are: 0600, never overwritten, refused when
/// others could read it or replace it.
@Suite struct VAPIDKeyFileTests {
    static func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func aNewKeyIsPEMReadableByItsOwnerOnlyAndLoadsBack() throws {
        let folder = try temporaryDirectory()
        let made = try VAPIDKeyFile.create(in: folder)
        let file = folder.appendingPathComponent(VAPIDKeyFile.fileName)

        #expect(try Self.mode(file) == 0o600)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try VAPIDKeyFile.load(in: folder).publicKey == made.publicKey)
        #expect(made.publicKey.count == 65 && made.publicKey[0] == 0x04)
    }

    @Test func aKeyIsNeverOverwritten() throws {
        let folder = try temporaryDirectory()
        let first = try VAPIDKeyFile.create(in: folder)
        let path = folder.appendingPathComponent(VAPIDKeyFile.fileName).path
        #expect(throws: VAPIDKeyFile.Failure.exists(path: path)) { try VAPIDKeyFile.create(in: folder) }
        #expect(try VAPIDKeyFile.loadOrCreate(in: folder).publicKey == first.publicKey)
    }

    @Test func aMissingKeyIsRefusedByLoadAndMadeByLoadOrCreate() throws {
        let folder = try temporaryDirectory().appendingPathComponent("keys")
        let path = folder.appendingPathComponent(VAPIDKeyFile.fileName).path
        #expect(throws: VAPIDKeyFile.Failure.missing(path: path)) { try VAPIDKeyFile.load(in: folder) }
        let made = try VAPIDKeyFile.loadOrCreate(in: folder)
        #expect(try Self.mode(folder) == 0o700)
        #expect(try VAPIDKeyFile.load(in: folder).publicKey == made.publicKey)
    }

    @Test(arguments: [0o640, 0o604, 0o644, 0o660])
    func aKeyOthersCanReadIsRefused(mode: Int) throws {
        let folder = try temporaryDirectory()
        try VAPIDKeyFile.create(in: folder)
        let path = folder.appendingPathComponent(VAPIDKeyFile.fileName).path
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)

        let failure = VAPIDKeyFile.Failure.openToOthers(path: path, mode: mode)
        #expect(throws: failure) { try VAPIDKeyFile.load(in: folder) }
        #expect(throws: failure) { try VAPIDKeyFile.loadOrCreate(in: folder) }
        #expect(failure.description.contains("chmod 600 \(path)"))
        #expect(try Self.mode(URL(fileURLWithPath: path)) == mode)  // refused, not quietly changed
    }

    @Test func aFolderOthersCanWriteInIsRefused() throws {
        let folder = try temporaryDirectory()
        try VAPIDKeyFile.create(in: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        #expect(throws: VAPIDKeyFile.Failure.folderWritableByOthers(path: folder.path, mode: 0o777)) {
            try VAPIDKeyFile.load(in: folder)
        }
    }

    @Test func aRawBase64URLScalarIsRead() throws {
        // RFC 8291 Appendix A's application server key, as web-push's VAPID_PRIVATE_KEY writes one.
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent(VAPIDKeyFile.fileName).path
        let scalar = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw\n"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(scalar.utf8), attributes: [.posixPermissions: 0o600]))
        #expect(
            try VAPIDKeyFile.load(in: folder).publicKeyBase64URL
                == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
    }

    @Test(arguments: ["", "not a key", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----", String(repeating: "A", count: 5000)])
    func somethingElseIsRefused(contents: String) throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent(VAPIDKeyFile.fileName).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600]))
        #expect(throws: VAPIDKeyFile.Failure.unreadable(path: path)) { try VAPIDKeyFile.load(in: folder) }
    }
}
