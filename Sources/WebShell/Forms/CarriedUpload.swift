import ByteEncoding
import Crypto
import Devices
import Foundation
import Persistence

/// An uploaded file carried from a preview to its confirmation (issue 36: restore a backup,
/// import habits) inside the preview's own form, sealed: `2.<expiry>.<nonce>.<base64url file>.<HMAC>`.
///
/// Why in the form and not in a pending record on the server: servers behind nginx share nothing
/// but the database, and a confirmation may reach another server than the preview did; a table of
/// pending files would hold megabytes per person for minutes and need sweeping. The form costs
/// the bytes twice on the wire (the file comes back as a `multipart/form-data` field, never
/// percent-encoded), and the seal (HMAC-SHA256 under a key derived for the purpose, bound to the
/// device and an expiry) means the confirmation applies exactly the file that was previewed, by
/// the device that previewed it, within `lifetime`. The route still checks the file again.
public struct CarriedUpload: Sendable {
    /// How long a preview may be confirmed.
    public static let lifetime: TimeInterval = 30 * 60
    private let key: [UInt8]

    /// `purpose` names the feature (`"backup.restore"`), so a seal of one never opens another.
    public init(shell: Shell, purpose: String) {
        self.init(key: shell.purposeKey("carried-upload.\(purpose)"))
    }

    init(key: [UInt8]) {
        self.key = key
    }

    /// How long a seal of a file of `bytes` bytes is, at most: the version, an expiry of up to
    /// 20 digits, the hex nonce, the base64url text (4 characters for every 3 bytes, unpadded)
    /// and the hex MAC.
    public static func sealedLength(ofFileBytes bytes: Int) -> Int {
        2 + 20 + 1 + nonceBytes * 2 + 1 + (bytes * 4 + 2) / 3 + 1 + 64
    }

    /// Random bytes in every seal: each preview is confirmed once, so two previews of one file in
    /// the same second (same device, same expiry) must not share a seal, and with it a confirmation.
    static let nonceBytes = 16

    public func seal(_ data: Data, for device: DeviceID, now: Date) -> String {
        let expiry = String(Int64(now.timeIntervalSince1970 + Self.lifetime))
        var generator = SystemRandomNumberGenerator()
        let nonce = Hex.encode((0..<Self.nonceBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let payload = Base64URL.encode(data)
        return "2.\(expiry).\(nonce).\(payload).\(mac(device: device, expiry: expiry, nonce: nonce.utf8, payload: payload.utf8))"
    }

    /// An opened seal: the file, when the seal expires, and a digest that names this seal alone
    /// (of its MAC), which the confirmation spends in its own transaction so that a preview is
    /// applied once (issue 46, item 9; `SpentConfirmation`).
    public struct Opened: Sendable {
        public let data: Data
        public let expiresAt: Date
        public let digest: String

        public var confirmation: SpentConfirmation { SpentConfirmation(digest: digest, expiresAt: expiresAt) }
    }

    /// The opened seal, or nil when it is not this server's for `device`, or has expired.
    public func opened(_ sealed: String, for device: DeviceID, now: Date) -> Opened? {
        guard let data = open(sealed, for: device, now: now) else { return nil }
        let parts = sealed.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard let expiry = Int64(String(decoding: parts[1], as: UTF8.self)) else { return nil }
        let digest = Hex.encode(SHA256.hash(data: Data("appdeck carried upload ".utf8) + Data(parts[4])))
        return Opened(data: data, expiresAt: Date(timeIntervalSince1970: TimeInterval(expiry)), digest: digest)
    }

    /// The file, or nil when the seal is not this server's for `device`, or has expired.
    public func open(_ sealed: String, for device: DeviceID, now: Date) -> Data? {
        // Split as bytes: splitting megabytes of `String` by `Character` costs grapheme breaking.
        let parts = sealed.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].elementsEqual("2".utf8) else { return nil }
        let expiryText = String(decoding: parts[1], as: UTF8.self)
        guard let expiry = Int64(expiryText) else { return nil }
        let expected = mac(device: device, expiry: expiryText, nonce: parts[2], payload: parts[3])
        guard ServerKey.constantTimeEquals(expected.utf8, parts[4]), Double(expiry) >= now.timeIntervalSince1970 else { return nil }
        return Base64URL.data(decoding: parts[3])
    }

    private func mac(device: DeviceID, expiry: String, nonce: some Sequence<UInt8>, payload: some Sequence<UInt8>) -> String {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: key))
        hmac.update(data: Data("\(device.rawValue).\(expiry).".utf8))
        hmac.update(data: Data(nonce))
        hmac.update(data: Data(".".utf8))
        hmac.update(data: Data(payload))
        return Hex.encode(hmac.finalize())
    }
}
