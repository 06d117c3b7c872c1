import ByteEncoding
import Crypto
import Foundation

/// What a browser's `PushSubscription.toJSON()` gives, checked: where its push service takes
/// messages for it (`endpoint`), the key messages are encrypted to (`keys.p256dh`) and the secret
/// mixed into their keys (`keys.auth`), RFC 8291 §2.
///
/// Every value comes from a browser, so nothing is taken on trust: the endpoint must be an https URL
/// on a host the `PushEndpointPolicy` allows (plain http only for loopback hosts, which only tests
/// allow), the public key a point on P-256 and the secret 16 bytes.
public struct PushSubscription: Sendable, Hashable {
    public enum Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not an absolute http(s) URL with a host, longer than `maximumEndpointLength`, or with user info.
        case malformedEndpoint
        /// http on a host that is not loopback, or loopback where the policy does not allow it.
        case endpointNotHTTPS
        /// A host outside the policy's push services.
        case endpointHostNotAllowed(String)
        /// A push service's endpoint names a port other than https' own (443).
        case endpointPortNotAllowed(Int)
        /// `p256dh` is not base64url of a 65-byte uncompressed point on P-256 (RFC 8291 §3.1).
        case malformedPublicKey
        /// `auth` is not base64url of 16 bytes (RFC 8291 §3.2).
        case malformedAuthSecret

        public var description: String {
            switch self {
            case .malformedEndpoint: "The subscription's endpoint is not a push service URL."
            case .endpointNotHTTPS: "The subscription's endpoint must use https."
            case .endpointHostNotAllowed(let host): "\(host) is not a known push service."
            case .endpointPortNotAllowed(let port): "Push services answer on port 443, not \(port)."
            case .malformedPublicKey: "The subscription's p256dh key is not an uncompressed P-256 point (65 bytes)."
            case .malformedAuthSecret: "The subscription's auth secret is not 16 bytes."
            }
        }
    }

    /// Longer endpoints are refused: the push services' own are about 150 to 400 characters.
    public static let maximumEndpointLength = 2048

    public let endpoint: URL
    /// The user agent's ECDH public key: an uncompressed P-256 point, `0x04 ‖ X ‖ Y`, 65 bytes.
    public let publicKey: [UInt8]
    /// The authentication secret, 16 bytes.
    public let authSecret: [UInt8]

    /// A subscription from the strings `toJSON()` gives.
    public init(endpoint: String, p256dh: String, auth: String, policy: PushEndpointPolicy = .knownPushServices) throws(Invalid) {
        guard endpoint.utf8.count <= Self.maximumEndpointLength, let url = URL(string: endpoint) else { throw .malformedEndpoint }
        try policy.check(url)
        guard let key = Base64URL.decode(p256dh), key.count == 65, key.first == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
        else { throw .malformedPublicKey }
        guard let secret = Base64URL.decode(auth), secret.count == 16 else { throw .malformedAuthSecret }
        self.endpoint = url
        self.publicKey = key
        self.authSecret = secret
    }

    /// A subscription from the JSON `toJSON()` gives:
    /// `{"endpoint": "...", "expirationTime": null, "keys": {"p256dh": "...", "auth": "..."}}`.
    /// Throws `Invalid` for a value that is wrong, `DecodingError` for JSON of another shape.
    public init(json: Data, policy: PushEndpointPolicy = .knownPushServices) throws {
        let shape = try JSONDecoder().decode(SubscriptionJSON.self, from: json)
        try self.init(endpoint: shape.endpoint, p256dh: shape.keys.p256dh, auth: shape.keys.auth, policy: policy)
    }

    /// `keys.p256dh` as the browser gave it.
    public var p256dh: String { Base64URL.encode(publicKey) }
    /// `keys.auth` as the browser gave it.
    public var auth: String { Base64URL.encode(authSecret) }

    private struct SubscriptionJSON: Decodable {
        struct Keys: Decodable {
            let p256dh: String
            let auth: String
        }
        let endpoint: String
        let keys: Keys
    }
}
