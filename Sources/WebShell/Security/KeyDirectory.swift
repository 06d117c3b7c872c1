import ByteEncoding
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the server's keys are (`csrf.key`, `secrets.key`), and whether a server may make a
/// missing one. The embedded default keeps them in the data directory and makes them on first
/// start; servers sharing a PostgreSQL database read keys made once by `appdeck keys init`, since
/// two servers making their own at the same moment would disagree (issue 26).
public struct KeyDirectory: Sendable {
    public let url: URL
    public let createsMissingKeys: Bool

    public init(url: URL, createsMissingKeys: Bool) {
        self.url = url
        self.createsMissingKeys = createsMissingKeys
    }

    /// The keys of a server on its own data directory, made there when missing.
    public static func embedded(in dataDirectory: URL) -> KeyDirectory {
        KeyDirectory(url: dataDirectory, createsMissingKeys: true)
    }

    /// The name of the key that signs cookies and CSRF tokens, for `appdeck keys init`.
    public static let serverKeyFileName = ServerKey.fileName

    /// Refuses keys others could read and a folder others could write (issue 33), the way ssh
    /// refuses a private key with any group or other permission: a key someone else can read lets
    /// them sign any device's cookie or open every sealed token, and one they can replace (or plant
    /// before the first start) is theirs. Checks the folder and each named file that exists; a
    /// missing one is left to whoever makes or loads it. Throws `KeyPermissionError`, which names
    /// the `chmod` that fixes it.
    public func checkPermissions(of names: [String]) throws {
        if let mode = Self.mode(of: url.path), mode & 0o022 != 0 {
            throw KeyPermissionError(
                path: url.path, mode: mode,
                problem: "others can write in it, so they could replace or plant the keys it holds", fix: "chmod go-w")
        }
        for name in names {
            let path = url.appendingPathComponent(name).path
            if let mode = Self.mode(of: path), mode & 0o077 != 0 {
                throw KeyPermissionError(
                    path: path, mode: mode, problem: "others can read or change it; a key must be its owner's alone, as ssh requires of a private key",
                    fix: "chmod 600")
            }
        }
    }

    /// The permission bits of what `path` names (links followed), nil when nothing is there.
    static func mode(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_mode & 0o7777)
    }

    /// An HMAC-SHA256 of a fixed label under each named key file, in hex: equal for equal keys,
    /// and telling nothing of them. What a shared database records, so that a server started with
    /// other keys than the rest refuses to start (issue 26). Throws `KeyFileError` for a file that
    /// is missing or not 32 bytes.
    public func fingerprints(of names: [String]) throws -> [String: String] {
        try Dictionary(uniqueKeysWithValues: names.map { name in
            let file = url.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file), data.count == 32 else { throw KeyFileError(path: file.path) }
            return (name, Self.fingerprint(of: data))
        })
    }

    /// The fingerprint of one key's bytes, as `fingerprints(of:)` gives a key file's: for a key
    /// kept in another form (`vapid.key`), of the bytes that name it whatever the form.
    public static func fingerprint(of key: Data) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data("appdeck key fingerprint".utf8), using: SymmetricKey(data: key))
        return Hex.encode(code)
    }
}

/// A key or key folder open to others: what is wrong and the command that fixes it.
public struct KeyPermissionError: Error, CustomStringConvertible {
    public let path: String
    public let mode: Int
    public let problem: String
    public let fix: String

    public var description: String {
        "\(path) has mode \(String(format: "%04o", mode)): \(problem). Fix it with `\(fix) \(path)`."
    }
}
