import Crypto
import Devices
import Foundation

/// The device cookie's value: the device id, a dot, and a MAC of the id under a key derived from
/// the server's, so only ids this server issued are taken as an identity.
struct DeviceCookie: Sendable {
    static let name = "appdeck_device"

    /// What a cookie's value says.
    enum Reading: Equatable {
        /// An id with this server's signature.
        case issued(DeviceID)
        /// A bare id, the form cookies had before they were signed: taken only for a device that
        /// has stored something (the server saw it before), and then signed.
        case unsigned(DeviceID)
    }

    /// `SymmetricKey` is not `Sendable`, so the raw bytes are kept and a key made per use.
    private let keyBytes: [UInt8]

    init(key: ServerKey) { keyBytes = key.derived(for: "appdeck device cookie v1") }

    func value(for device: DeviceID) -> String { device.rawValue + "." + signature(of: device) }

    /// Nil for anything this server did not issue and that is not a well-formed bare id.
    func read(_ value: String) -> Reading? {
        guard let dot = value.firstIndex(of: ".") else { return DeviceID(value).map(Reading.unsigned) }
        guard let device = DeviceID(String(value[..<dot])),
              ServerKey.constantTimeEquals(signature(of: device).utf8, value[value.index(after: dot)...].utf8)
        else { return nil }
        return .issued(device)
    }

    /// The first 128 bits of HMAC-SHA256 of the id, in hex.
    private func signature(of device: DeviceID) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(device.rawValue.utf8), using: SymmetricKey(data: keyBytes))
        return CSRFSigner.hex(mac.prefix(16))
    }
}
