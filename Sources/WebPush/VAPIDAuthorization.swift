import ByteEncoding
import Crypto
import Foundation

/// Who runs this application server, for the push services' operators (RFC 8292 §2.1): a `mailto:`
/// address or an `https:` URL, from configuration.
public struct VAPIDSubject: Sendable, Hashable, CustomStringConvertible {
    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let value: String
        public var description: String { "A VAPID subject is a mailto: address or an https: URL, not \"\(value)\"." }
    }

    public let description: String

    public init(_ value: String) throws(Invalid) {
        let lowered = value.lowercased()
        let valid: Bool
        if lowered.hasPrefix("mailto:") {
            valid = value.dropFirst("mailto:".count).contains("@")
        } else if lowered.hasPrefix("https:") {
            valid = URL(string: value)?.host.map { !$0.isEmpty } ?? false
        } else {
            valid = false
        }
        guard valid, value.utf8.count <= 512, !value.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "\\" }) else {
            throw Invalid(value: value)
        }
        description = value
    }
}

/// The `Authorization` header of RFC 8292 §3: `vapid t=<JWT>, k=<public key>`, the JWT signed
/// with ES256 (RFC 7518 §3.4) by the VAPID key.
public enum VAPIDAuthorization {
    /// How long a token is valid. RFC 8292 §2 caps `exp` at 24 hours from the request; 12 leaves
    /// room for a push service whose clock is ahead of ours.
    public static let tokenLifetime: TimeInterval = 12 * 60 * 60

    /// The JOSE header, RFC 8292 §2.
    static let header = #"{"typ":"JWT","alg":"ES256"}"#

    /// The header for a message to `endpoint`, signed by `keys` for `subject`, valid until `now`
    /// plus `tokenLifetime`. Nil when the endpoint has no origin (a validated subscription's has).
    public static func header(for endpoint: URL, keys: VAPIDKeys, subject: VAPIDSubject, now: Date) -> String? {
        guard let audience = audience(of: endpoint) else { return nil }
        let token = token(audience: audience, subject: subject, expiresAt: now.addingTimeInterval(tokenLifetime), keys: keys)
        return "vapid t=\(token), k=\(keys.publicKeyBase64URL)"
    }

    /// The JWT: `base64url(header) . base64url(claims) . base64url(r ‖ s)`, its claims `aud`, `exp`
    /// (whole seconds since 1970) and `sub`.
    public static func token(audience: String, subject: VAPIDSubject, expiresAt: Date, keys: VAPIDKeys) -> String {
        let claims = Claims(aud: audience, exp: Int(expiresAt.timeIntervalSince1970.rounded(.down)), sub: subject.description)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let claimsJSON = (try? encoder.encode(claims)) ?? Data()  // strings and an Int always encode
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(claimsJSON)
        // ES256 is ECDSA over SHA-256, written as the raw 64-byte r ‖ s, not DER (RFC 7518 §3.4).
        let signature = (try? keys.signingKey.signature(for: Data(signingInput.utf8)).rawRepresentation) ?? Data()
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The push resource's origin (RFC 6454 §6.2), the token's audience (RFC 8292 §2):
    /// `scheme://host`, with `:port` only when it is not the scheme's default.
    public static func audience(of endpoint: URL) -> String? {
        guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host?.lowercased(), !host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let written = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if let port = endpoint.port, port != defaultPort { return "\(scheme)://\(written):\(port)" }
        return "\(scheme)://\(written)"
    }

    private struct Claims: Encodable {
        let aud: String
        let exp: Int
        let sub: String
    }
}
