import Crypto
import Foundation

/// The server's secret: 256 random bits in `<dataDirectory>/csrf.key` (the name it has had since
/// it signed only CSRF tokens), created 0600 on first start, so what it signs survives restarts.
struct ServerKey: Sendable {
    let bytes: [UInt8]

    static func loadOrCreate(in dataDirectory: URL) throws -> ServerKey {
        let url = dataDirectory.appendingPathComponent("csrf.key")
        if let data = try? Data(contentsOf: url), data.count == 32 {
            return ServerKey(bytes: Array(data))
        }
        let data = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return ServerKey(bytes: Array(data))
    }

    /// A key for one purpose, so a value signed for one use is never valid for another.
    func derived(for purpose: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(purpose.utf8), using: SymmetricKey(data: bytes)))
    }

    /// Compares in time that does not depend on where the two differ.
    static func constantTimeEquals(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
