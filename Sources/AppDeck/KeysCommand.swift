import ArgumentParser
import Crypto
import Foundation
import SecretSealing
import WebPush
import WebShell

/// `appdeck keys init --key-dir DIR`: makes the two keys every server sharing one database reads
/// (issue 26): `csrf.key` (cookies and CSRF tokens) and `secrets.key` (the GitHub token seal), 32
/// random bytes each, mode 0600, and `vapid.key`, the P-256 key pair MyHabits' reminders are
/// signed with (issue 38; PEM, 0600). It never overwrites a key: replacing one would sign every
/// device out, make every sealed token unreadable or break every push subscription. In a folder
/// made before issue 38 (both older keys there, no `vapid.key`), it makes `vapid.key` alone.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Make the keys servers sharing a database read.", subcommands: [Init.self])

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init", abstract: "Create csrf.key, secrets.key and vapid.key (0600) in the --key-dir folder; refuses to overwrite any.")

        /// `--key-dir` is the server's option, parsed by `appdeck` whichever side of `keys init` it is written.
        @ParentCommand var appdeck: AppDeckCommand

        func run() throws {
            guard let path = appdeck.keyDir ?? ProcessInfo.processInfo.environment["APPDECK_KEY_DIR"] else {
                throw ValidationError("Name the folder with --key-dir DIR (or APPDECK_KEY_DIR).")
            }
            let folder = URL(fileURLWithPath: path)
            let files = [KeyDirectory.serverKeyFileName, SecretSealer.keyFileName].map { folder.appendingPathComponent($0) }
            let vapid = folder.appendingPathComponent(VAPIDKeyFile.fileName)
            let exists = { (file: URL) in FileManager.default.fileExists(atPath: file.path) }
            if files.allSatisfy(exists), !exists(vapid) {
                do { try VAPIDKeyFile.create(in: folder) } catch { throw KeysFailure(error.description) }
                print("Created \(vapid.path) (mode 0600); \(files.map(\.path).joined(separator: " and ")) kept as they were.")
                return
            }
            if let existing = (files + [vapid]).first(where: exists) {
                throw KeysFailure("\(existing.path) exists; keys are never overwritten. Remove it by hand only if no server or database uses it.")
            }
            // A folder others can write in is refused, as the server refuses it (issue 33): they
            // could replace the keys made there.
            try KeyDirectory(url: folder, createsMissingKeys: false).checkPermissions(of: [])
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            for file in files { try Self.writeNewKey(to: file) }
            do { try VAPIDKeyFile.create(in: folder) } catch { throw KeysFailure(error.description) }
            print("Created \(files.map(\.path).joined(separator: ", ")) and \(vapid.path) (mode 0600).")
        }

        /// 32 random bytes in a file that must not exist yet, readable by its owner alone from the start.
        static func writeNewKey(to file: URL) throws {
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else { throw KeysFailure("Cannot create \(file.path): \(String(cString: strerror(errno))).") }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
            try handle.close()
        }
    }
}

/// Why `keys init` made nothing, printed as it is (no usage text: the command was right).
struct KeysFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
