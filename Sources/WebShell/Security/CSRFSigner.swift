import ByteEncoding
import Crypto
import Foundation
import Devices

/// CSRF tokens bound to a browser's session and the owner it shows (issue 36): HMAC-SHA256 of both
/// under the server's key (`ServerKey`), so tokens survive restarts and need no storage, and a
/// removed browser (which comes back as a new session of a new device) holds no token that works.
struct CSRFSigner: Sendable {
    /// Raw key bytes: `SymmetricKey` is not `Sendable`, so one is made per use (cheap: 32 bytes).
    private let keyBytes: [UInt8]

    init(keyBytes: [UInt8]) { self.keyBytes = keyBytes }

    init(key: ServerKey) { self.init(keyBytes: key.bytes) }

    func token(for session: SessionID, owner: DeviceID) -> String {
        mac(session.rawValue + "." + owner.rawValue)
    }

    /// The token of a device cookie from before sessions (the device's alone): still taken from a
    /// browser that sends such a cookie, whose pages were drawn with it, until its new cookie lands.
    func legacyToken(for device: DeviceID) -> String {
        mac(device.rawValue)
    }

    private func mac(_ text: String) -> String {
        Hex.encode(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: keyBytes)))
    }

    /// Constant-time check of a submitted token.
    func isValid(_ submitted: String?, for session: SessionID, owner: DeviceID, legacyCookie: Bool) -> Bool {
        guard let submitted else { return false }
        if ServerKey.constantTimeEquals(token(for: session, owner: owner).utf8, submitted.utf8) { return true }
        return legacyCookie && ServerKey.constantTimeEquals(legacyToken(for: owner).utf8, submitted.utf8)
    }
}
