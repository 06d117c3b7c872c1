import Crypto
import Devices
import Foundation

/// The device cookie's value: the device id, the day it was issued, and a MAC of both under a key
/// derived from the server's, so only ids this server issued are taken as an identity, and the
/// server can tell a cookie that needs renewing from a fresh one without storing anything.
///
/// Forms: `<id>.<day>.<mac>` (issue 33: the day is whole days since 1970-01-01 UTC) and the form
/// before it, `<id>.<mac>` under the v1 key, still read (as issued on an unknown day, so renewed on
/// the next page). A bare id, the form before cookies were signed, is no identity: anyone who has
/// read a database or a backup knows every stored id.
struct DeviceCookie: Sendable {
    static let name = "appdeck_device"
    /// Chromium's cap on a cookie's lifetime; renewed on a page at most once a day.
    static let lifetime = 400 * 24 * 3600
    private static let secondsPerDay = 86_400

    /// What a valid cookie's value says.
    struct Reading: Equatable {
        let device: DeviceID
        /// Days since 1970-01-01 UTC when it was issued; nil for the v1 form, which did not say.
        let issuedDay: Int?

        /// Whether the cookie should be issued again with its full lifetime: it is more than a day
        /// old (or of unknown age).
        func needsRenewal(today: Int) -> Bool {
            guard let issuedDay else { return true }
            return today - issuedDay >= 1
        }
    }

    /// `SymmetricKey` is not `Sendable`, so the raw bytes are kept and a key made per use.
    private let keyBytes: [UInt8]
    private let legacyKeyBytes: [UInt8]

    init(key: ServerKey) {
        keyBytes = key.derived(for: "appdeck device cookie v2")
        legacyKeyBytes = key.derived(for: "appdeck device cookie v1")
    }

    /// The day number of `date`, as cookies carry it.
    static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / Double(secondsPerDay)).rounded(.down))
    }

    func value(for device: DeviceID, issuedOn day: Int) -> String {
        let signed = device.rawValue + "." + String(day)
        return signed + "." + signature(of: signed, key: keyBytes)
    }

    /// Nil for anything this server did not issue.
    func read(_ value: String) -> Reading? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        switch parts.count {
        case 3:
            guard let device = DeviceID(String(parts[0])), let day = Self.dayNumber(parts[1]) else { return nil }
            let signed = value[..<parts[2].startIndex].dropLast()
            guard ServerKey.constantTimeEquals(signature(of: String(signed), key: keyBytes).utf8, parts[2].utf8) else { return nil }
            return Reading(device: device, issuedDay: day)
        case 2:
            guard let device = DeviceID(String(parts[0])),
                  ServerKey.constantTimeEquals(signature(of: device.rawValue, key: legacyKeyBytes).utf8, parts[1].utf8)
            else { return nil }
            return Reading(device: device, issuedDay: nil)
        default:
            return nil
        }
    }

    /// Canonical decimal digits only (no sign, no leading zero), at most 7 of them: a day within
    /// the next 27,000 years.
    private static func dayNumber(_ text: Substring) -> Int? {
        guard (1...7).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
              text.utf8.first != 48 || text.utf8.count == 1
        else { return nil }
        return Int(text)
    }

    /// The first 128 bits of HMAC-SHA256 of `text`, in hex.
    private func signature(of text: String, key: [UInt8]) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: key))
        return CSRFSigner.hex(mac.prefix(16))
    }
}
