import ByteEncoding
import Crypto
import Foundation

/// The application server's VAPID key pair (RFC 8292 §2): a P-256 signing key whose public half the
/// page hands the browser when it subscribes (`applicationServerKey`), so that the push service
/// takes messages for that subscription only when signed by its private half.
///
/// It lives in the key folder beside `csrf.key` and `secrets.key` as `vapid.key`, a PEM private key
/// of mode 0600 (`VAPIDKeyFile`). Servers sharing one database must read one key made once (by
/// `appdeck keys init`, issue 38); a key made by each server would break every subscription made
/// through another.
public struct VAPIDKeys: Sendable {
    /// The private scalar, 32 bytes: `P256.Signing.PrivateKey` is not `Sendable`, so one is made per use.
    private let privateKeyBytes: [UInt8]
    /// The uncompressed public point, 65 bytes: the `k=` of the `Authorization` header.
    public let publicKey: [UInt8]

    /// Keys from a private scalar (32 bytes, as `rawRepresentation` or the web-push libraries'
    /// `VAPID_PRIVATE_KEY` give it); throws `CryptoKitError` for one that is not on P-256.
    public init(privateKey rawRepresentation: [UInt8]) throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: rawRepresentation)
        self.init(key)
    }

    /// Keys from a PEM private key (`PRIVATE KEY` or `EC PRIVATE KEY`).
    public init(pemRepresentation: String) throws {
        self.init(try P256.Signing.PrivateKey(pemRepresentation: pemRepresentation))
    }

    private init(_ key: P256.Signing.PrivateKey) {
        privateKeyBytes = Array(key.rawRepresentation)
        publicKey = Array(key.publicKey.x963Representation)
    }

    /// A new key pair from the system's secure random source.
    public static func generate() -> VAPIDKeys {
        VAPIDKeys(P256.Signing.PrivateKey())
    }

    /// The public key in base64url: the page's `applicationServerKey` and the header's `k=`.
    public var publicKeyBase64URL: String { Base64URL.encode(publicKey) }

    /// The private key as PEM (PKCS #8), what `VAPIDKeyFile` writes.
    public var pemRepresentation: String { signingKey.pemRepresentation }

    var signingKey: P256.Signing.PrivateKey {
        try! P256.Signing.PrivateKey(rawRepresentation: privateKeyBytes)  // checked when these keys were made
    }
}
