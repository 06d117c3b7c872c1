import ByteEncoding
import Crypto
import Foundation
import WebPush

/// A push service's check of an `Authorization: vapid t=…, k=…` header (RFC 8292 §3–4): the JWT's
/// ES256 signature against `k`, its header and its claims. Written from the RFCs, apart from the
/// sender's code.
public enum VAPIDCheck {
    /// Why a push service refuses a token.
    public enum Refusal: Error, Sendable, Equatable {
        case missingAuthorization
        /// Not `vapid t=…, k=…`, a JWT that is not three base64url parts, a header other than
        /// ES256, claims that are not JSON.
        case malformed
        /// `k` is not a P-256 point, or the signature is not 64 bytes or does not verify.
        case badSignature
        case wrongAudience(String)
        /// `exp` is not in the future.
        case expired
        /// `exp` is more than 24 hours ahead (RFC 8292 §2).
        case expiresTooLate
        /// `sub` is missing, or neither `mailto:` nor `https:`.
        case badSubject
        /// `k` is not the key the subscription was made with (RFC 8292 §4.2).
        case keyNotSubscribed
    }

    /// What a valid token says.
    public struct Token: Sendable, Equatable {
        public let publicKey: [UInt8]
        public let audience: String
        public let expiresAt: Int
        public let subject: String
    }

    /// The token in `authorization` when a push service at `origin` takes it at `now`.
    public static func check(_ authorization: String?, origin: String, now: Date) throws(Refusal) -> Token {
        guard let authorization else { throw .missingAuthorization }
        let (jwt, key) = try parameters(authorization)
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
            let signatureBytes = Base64URL.decode(parts[2])
        else { throw .malformed }
        guard let header = try? JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any],
            header["alg"] as? String == "ES256", header["typ"].map({ $0 as? String == "JWT" }) ?? true
        else { throw .malformed }

        guard let publicKey = try? P256.Signing.PublicKey(x963Representation: key),
            signatureBytes.count == 64, let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
            publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
        else { throw .badSignature }

        guard let claims = try? JSONSerialization.jsonObject(with: Data(claimBytes)) as? [String: Any] else { throw .malformed }
        guard let audience = claims["aud"] as? String, audience == origin else {
            throw .wrongAudience(claims["aud"] as? String ?? "")
        }
        guard let expiry = (claims["exp"] as? NSNumber)?.doubleValue, expiry.isFinite else { throw .malformed }
        guard expiry > now.timeIntervalSince1970 else { throw .expired }
        guard expiry <= now.timeIntervalSince1970 + 24 * 60 * 60 else { throw .expiresTooLate }
        guard let subject = claims["sub"] as? String,
            subject.lowercased().hasPrefix("mailto:") || subject.lowercased().hasPrefix("https:")
        else { throw .badSubject }
        return Token(publicKey: key, audience: audience, expiresAt: Int(expiry), subject: subject)
    }

    /// `t` and `k` of `vapid t=…, k=…` (RFC 8292 §3: parameters in any order, comma separated).
    private static func parameters(_ authorization: String) throws(Refusal) -> (jwt: String, key: [UInt8]) {
        let trimmed = authorization.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("vapid ") else { throw .malformed }
        var values: [String: String] = [:]
        for item in trimmed.dropFirst("vapid ".count).split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { throw .malformed }
            values[pair[0].lowercased()] = pair[1]
        }
        guard let jwt = values["t"], let k = values["k"], let key = Base64URL.decode(k) else { throw .malformed }
        return (jwt, key)
    }
}
