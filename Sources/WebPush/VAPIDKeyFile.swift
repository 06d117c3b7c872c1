import ByteEncoding
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `vapid.key` in the key folder, kept as the folder's other keys are (issue 33): created 0600
/// and never overwritten; a file others could read, or a folder others could write in, is
/// refused, the way ssh refuses such a private key. Whoever can read the key can send any of our
/// subscribers a notification; whoever can replace it breaks every subscription.
///
/// The file holds a PEM private key (what `create` writes), or the private scalar in base64url
/// (32 bytes), as the web-push libraries' `VAPID_PRIVATE_KEY` gives it, so keys made by another
/// server can be brought over.
public enum VAPIDKeyFile {
    public static let fileName = "vapid.key"

    /// Why no key was read or made; each names the path and, where there is one, the fix.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case missing(path: String)
        case unreadable(path: String)
        case openToOthers(path: String, mode: Int)
        case folderWritableByOthers(path: String, mode: Int)
        case exists(path: String)
        case fileError(path: String, reason: String)

        public var description: String {
            switch self {
            case .missing(let path):
                "No VAPID key at \(path). Create the keys once with `appdeck keys init --key-dir DIR` and give every server that folder."
            case .unreadable(let path):
                "\(path) is not a P-256 private key (PEM, or 32 bytes in base64url)."
            case .openToOthers(let path, let mode):
                "\(path) has mode \(String(format: "%04o", mode)): others can read or change it; a key must be its owner's alone, as ssh requires of a private key. Fix it with `chmod 600 \(path)`."
            case .folderWritableByOthers(let path, let mode):
                "\(path) has mode \(String(format: "%04o", mode)): others can write in it, so they could replace or plant the keys it holds. Fix it with `chmod go-w \(path)`."
            case .exists(let path):
                "\(path) exists; keys are never overwritten. Remove it by hand only if no server or subscription uses it."
            case .fileError(let path, let reason):
                "Cannot use \(path): \(reason)."
            }
        }
    }

    /// A key file is a few hundred bytes; anything longer is not one.
    static let maximumFileLength = 4096

    /// The keys in `keyDirectory`; a missing file is refused, never made (servers sharing a
    /// database read the key `appdeck keys init` made).
    public static func load(in keyDirectory: URL) throws(Failure) -> VAPIDKeys {
        try checkFolder(keyDirectory)
        let path = keyDirectory.appendingPathComponent(fileName).path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT ? .missing(path: path) : .fileError(path: path, reason: String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // The mode of the file opened, not of whatever the path names a moment later.
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path) }
        let mode = Int(status.st_mode & 0o7777)
        guard mode & 0o077 == 0 else { throw .openToOthers(path: path, mode: mode) }
        guard let data = try? handle.read(upToCount: maximumFileLength + 1), data.count <= maximumFileLength,
            let text = String(data: data, encoding: .utf8), let keys = keys(from: text)
        else { throw .unreadable(path: path) }
        return keys
    }

    /// New keys written to `keyDirectory` (made 0700 when missing) as PEM, in a file that must not
    /// exist yet and that only its owner can read from the start.
    @discardableResult
    public static func create(in keyDirectory: URL) throws(Failure) -> VAPIDKeys {
        let path = keyDirectory.appendingPathComponent(fileName).path
        do {
            try FileManager.default.createDirectory(
                at: keyDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .fileError(path: keyDirectory.path, reason: "\(error)")
        }
        try checkFolder(keyDirectory)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? .exists(path: path) : .fileError(path: path, reason: String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let keys = VAPIDKeys.generate()
        do {
            try handle.write(contentsOf: Data(keys.pemRepresentation.utf8))
            try handle.close()
        } catch {
            throw .fileError(path: path, reason: "\(error)")
        }
        return keys
    }

    /// The keys in `keyDirectory`, made there when missing: for a server on its own data directory.
    public static func loadOrCreate(in keyDirectory: URL) throws(Failure) -> VAPIDKeys {
        do throws(Failure) {
            return try load(in: keyDirectory)
        } catch .missing {
            do throws(Failure) {
                return try create(in: keyDirectory)
            } catch .exists {
                return try load(in: keyDirectory)  // another process made it a moment ago
            }
        }
    }

    /// PEM, else the private scalar in base64url.
    static func keys(from text: String) -> VAPIDKeys? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("-----BEGIN") { return try? VAPIDKeys(pemRepresentation: trimmed) }
        guard let scalar = Base64URL.decode(trimmed), scalar.count == 32 else { return nil }
        return try? VAPIDKeys(privateKey: scalar)
    }

    private static func checkFolder(_ folder: URL) throws(Failure) {
        var status = stat()
        guard stat(folder.path, &status) == 0 else { return }  // missing: left to whoever opens the file
        let mode = Int(status.st_mode & 0o7777)
        if mode & 0o022 != 0 { throw .folderWritableByOthers(path: folder.path, mode: mode) }
    }
}
