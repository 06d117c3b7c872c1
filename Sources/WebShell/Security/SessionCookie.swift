import ByteEncoding
import Crypto
import Devices
import Foundation
import Hummingbird

/// The browser's cookie: its session, the owner the session was issued for, the day it was issued,
/// and a MAC of all three under a key derived from the server's, so only what this server issued
/// is taken as an identity, and the server can tell a cookie that needs renewing from a fresh one
/// without storing anything.
///
/// Forms, newest first:
/// - `<session>.<owner>.<day>.<mac>` (issue 36): a browser's session. The owner it names is only
///   the one the session starts with, when its row is not stored yet (a browser's first pages);
///   once stored, the row says whose data the session shows, and whether it was removed.
/// - `<device>.<day>.<mac>` (issue 33) and `<device>.<mac>` (before it): a device cookie from before
///   sessions, still read as that device, so nothing is lost: its session is derived from it
///   (`legacySession`), so every request of that browser before its new cookie lands names the same one.
///
/// A bare id, the form before cookies were signed, is no identity: anyone who has read a database
/// or a backup knows every stored id. The day is whole days since 1970-01-01 UTC.
struct SessionCookie: Sendable {
    static let name = "appdeck_device"
    /// Chromium's cap on a cookie's lifetime; renewed on a page at most once a day.
    static let lifetime = 400 * 24 * 3600
    private static let secondsPerDay = 86_400
    /// A cookie issued more whole days ago than this is past its `Max-Age`: a browser would have
    /// dropped it, so only a copy kept elsewhere can present it, and it is no key (issue 46, item 12).
    static let lifetimeDays = lifetime / secondsPerDay

    /// What a valid cookie's value says.
    struct Reading: Equatable {
        let session: SessionID
        let owner: DeviceID
        /// Days since 1970-01-01 UTC when it was issued; nil for the oldest form, which did not say.
        let issuedDay: Int?
        /// Whether it is a device cookie from before sessions (its CSRF tokens were the device's).
        let isLegacy: Bool

        /// Whether the cookie should be issued again with its full lifetime: it is more than a day
        /// old (or of unknown age), or of a form before this one.
        func needsRenewal(today: Int) -> Bool {
            guard let issuedDay, !isLegacy else { return true }
            return today - issuedDay >= 1
        }

        /// Whether it was issued more than its lifetime before `today`. The oldest form says no
        /// day, so its age is unknown; it is renewed (in the dated form) on its first page.
        func hasExpired(today: Int) -> Bool {
            guard let issuedDay else { return false }
            return today - issuedDay > SessionCookie.lifetimeDays
        }
    }

    /// `SymmetricKey` is not `Sendable`, so the raw bytes are kept and a key made per use.
    private let keyBytes: [UInt8]
    private let deviceKeyBytes: [UInt8]
    private let legacyKeyBytes: [UInt8]
    private let legacySessionKeyBytes: [UInt8]

    init(key: ServerKey) {
        keyBytes = key.derived(for: "appdeck session cookie v3")
        deviceKeyBytes = key.derived(for: "appdeck device cookie v2")
        legacyKeyBytes = key.derived(for: "appdeck device cookie v1")
        legacySessionKeyBytes = key.derived(for: "appdeck session of a device cookie")
    }

    /// The day number of `date`, as cookies carry it.
    static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / Double(secondsPerDay)).rounded(.down))
    }

    func value(for session: SessionID, owner: DeviceID, issuedOn day: Int) -> String {
        let signed = session.rawValue + "." + owner.rawValue + "." + String(day)
        return signed + "." + signature(of: signed, key: keyBytes)
    }

    /// The cookie naming `session` of `owner`, with its full lifetime: HttpOnly, SameSite=Lax,
    /// Secure behind a proxy that says the request came over HTTPS.
    func cookie(for session: SessionID, owner: DeviceID, today: Int, request: Request) -> Cookie {
        Cookie(
            name: Self.name, value: value(for: session, owner: owner, issuedOn: today), maxAge: Self.lifetime, path: "/",
            secure: request.headers[.xForwardedProto] == "https", httpOnly: true, sameSite: .lax)
    }

    /// The value of this cookie among a request's `Cookie` headers (the first, as Hummingbird's
    /// `cookies` takes it), found without parsing every cookie into a dictionary: a page asks
    /// this on every request (issue 47).
    static func presentedValue(in headers: HTTPFields) -> String? {
        let prefix = name + "="
        for field in headers[values: .cookie] {
            for pair in field.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " || $0 == "\t" }
                if trimmed.hasPrefix(prefix) { return String(trimmed.dropFirst(prefix.utf8.count)) }
            }
        }
        return nil
    }

    /// Nil for anything this server did not issue.
    func read(_ value: String) -> Reading? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        switch parts.count {
        case 4:
            guard let session = SessionID(String(parts[0])), let owner = DeviceID(String(parts[1])),
                  let day = Self.dayNumber(parts[2]), isSigned(value, mac: parts[3], key: keyBytes)
            else { return nil }
            return Reading(session: session, owner: owner, issuedDay: day, isLegacy: false)
        case 3:
            guard let device = DeviceID(String(parts[0])), let day = Self.dayNumber(parts[1]),
                  isSigned(value, mac: parts[2], key: deviceKeyBytes)
            else { return nil }
            return Reading(session: legacySession(of: device), owner: device, issuedDay: day, isLegacy: true)
        case 2:
            guard let device = DeviceID(String(parts[0])),
                  ServerKey.constantTimeEquals(signature(of: device.rawValue, key: legacyKeyBytes).utf8, parts[1].utf8)
            else { return nil }
            return Reading(session: legacySession(of: device), owner: device, issuedDay: nil, isLegacy: true)
        default:
            return nil
        }
    }

    /// The device cookie `value` form of issue 33, for tests of the upgrade.
    func deviceValue(for device: DeviceID, issuedOn day: Int) -> String {
        let signed = device.rawValue + "." + String(day)
        return signed + "." + signature(of: signed, key: deviceKeyBytes)
    }

    /// The session a device cookie from before sessions becomes: 128 bits of an HMAC of the device
    /// id, so it is the same on every server and every request, and a browser removed while it
    /// still sends that cookie stays removed.
    func legacySession(of device: DeviceID) -> SessionID {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(device.rawValue.utf8), using: SymmetricKey(data: legacySessionKeyBytes))
        return SessionID(Hex.encode(mac.prefix(16)))!
    }

    /// Whether `mac` signs everything of `value` before it.
    private func isSigned(_ value: String, mac: Substring, key: [UInt8]) -> Bool {
        let signed = value[..<mac.startIndex].dropLast()
        return ServerKey.constantTimeEquals(signature(of: String(signed), key: key).utf8, mac.utf8)
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
        return Hex.encode(mac.prefix(16))
    }
}
