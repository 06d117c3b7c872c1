import Crypto
import Foundation
import Devices

/// CSRF tokens bound to a device: HMAC-SHA256 of the device id under a server key kept in the data
/// directory (created 0600 on first start), so tokens survive restarts and need no storage.
struct CSRFSigner: Sendable {
    /// Raw key bytes: `SymmetricKey` is not `Sendable`, so one is made per use (cheap: 32 bytes).
    private let keyBytes: [UInt8]

    init(keyBytes: [UInt8]) { self.keyBytes = keyBytes }

    /// Loads `<dataDirectory>/csrf.key`, creating it with 256 random bits when missing.
    static func loadOrCreate(in dataDirectory: URL) throws -> CSRFSigner {
        let url = dataDirectory.appendingPathComponent("csrf.key")
        if let data = try? Data(contentsOf: url), data.count == 32 {
            return CSRFSigner(keyBytes: Array(data))
        }
        let data = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return CSRFSigner(keyBytes: Array(data))
    }

    func token(for device: DeviceID) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(device.rawValue.utf8), using: SymmetricKey(data: keyBytes))
        return Self.hex(mac)
    }

    /// Lowercase hex digits of `bytes`, without Foundation's formatter (this runs on every page).
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Constant-time check of a submitted token.
    func isValid(_ submitted: String?, for device: DeviceID) -> Bool {
        guard let submitted else { return false }
        let expected = Array(token(for: device).utf8)
        let given = Array(submitted.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
