import Crypto
import Foundation
import Devices

/// CSRF tokens bound to a device: HMAC-SHA256 of the device id under the server's key (`ServerKey`), so
/// tokens survive restarts and need no storage.
struct CSRFSigner: Sendable {
    /// Raw key bytes: `SymmetricKey` is not `Sendable`, so one is made per use (cheap: 32 bytes).
    private let keyBytes: [UInt8]

    init(keyBytes: [UInt8]) { self.keyBytes = keyBytes }

    init(key: ServerKey) { self.init(keyBytes: key.bytes) }

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
        return ServerKey.constantTimeEquals(token(for: device).utf8, submitted.utf8)
    }
}
