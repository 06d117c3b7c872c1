import Foundation
import Testing
import WebShell

/// Keys others could read or replace are refused (issue 33, item 10), as ssh refuses a private key
/// with group or other permissions: the folder may not be writable by others, a key may carry no
/// group or other permission at all.
@Suite("Key directory permissions")
struct KeyDirectoryTests {
    static let names = ["csrf.key", "secrets.key"]

    /// A fresh folder of `mode` holding both keys with `keyMode`, removed after `body`.
    func withKeys(folder mode: Int, keys keyMode: Int, _ body: (KeyDirectory) throws -> Void) throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID())")
        let folder = parent.appendingPathComponent("keys")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        for name in Self.names {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 32)))
            try FileManager.default.setAttributes([.posixPermissions: keyMode], ofItemAtPath: path)
        }
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: folder.path)
        try body(KeyDirectory(url: folder, createsMissingKeys: false))
    }

    @Test("keys 0600 (or 0400) in a folder only its owner writes are accepted", arguments: [
        (0o700, 0o600), (0o755, 0o600), (0o750, 0o400), (0o711, 0o600),
    ])
    func accepted(folder: Int, keys: Int) throws {
        try withKeys(folder: folder, keys: keys) { directory in
            try directory.checkPermissions(of: Self.names)
        }
    }

    @Test("a key with any group or other permission is refused, naming chmod 600", arguments: [0o644, 0o640, 0o604, 0o620, 0o602, 0o666])
    func openKey(keys: Int) throws {
        try withKeys(folder: 0o700, keys: keys) { directory in
            let error = #expect(throws: KeyPermissionError.self) { try directory.checkPermissions(of: Self.names) }
            #expect(error?.path == directory.url.appendingPathComponent("csrf.key").path)
            #expect(error?.description.contains("chmod 600 \(directory.url.path)/csrf.key") == true, "\(error.map(\.description) ?? "")")
            #expect(error?.description.contains(String(format: "%04o", keys)) == true)
        }
    }

    @Test("a folder others can write in is refused, naming chmod go-w, whatever its keys", arguments: [0o777, 0o770, 0o1777, 0o722, 0o757])
    func openFolder(folder: Int) throws {
        try withKeys(folder: folder, keys: 0o600) { directory in
            let error = #expect(throws: KeyPermissionError.self) { try directory.checkPermissions(of: Self.names) }
            #expect(error?.path == directory.url.path)
            #expect(error?.description.contains("chmod go-w \(directory.url.path)") == true)
        }
    }

    @Test("missing keys and a missing folder are left to whoever makes or loads them")
    func missing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID())")
        try KeyDirectory(url: folder, createsMissingKeys: true).checkPermissions(of: Self.names)
    }
}
