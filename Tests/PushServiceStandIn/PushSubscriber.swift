import ByteEncoding
import Crypto
import Foundation
import WebPush

/// What a browser holds for one push subscription: its ECDH key pair and auth secret (RFC 8291
/// §2), made fresh here as `PushManager.subscribe()` makes them.
public struct PushSubscriber: Sendable {
    /// The private scalar, 32 bytes (`P256.KeyAgreement.PrivateKey` is not `Sendable`).
    public let privateKey: [UInt8]
    /// The uncompressed public point, 65 bytes: the subscription's `p256dh`.
    public let publicKey: [UInt8]
    /// 16 random bytes: the subscription's `auth`.
    public let authSecret: [UInt8]

    public init() {
        let key = P256.KeyAgreement.PrivateKey()
        privateKey = Array(key.rawRepresentation)
        publicKey = Array(key.publicKey.x963Representation)
        authSecret = SymmetricKey(size: .init(bitCount: 128)).withUnsafeBytes { Array($0) }
    }

    /// `toJSON()`'s keys for `endpoint`, read back as the server reads a browser's (loopback allowed).
    public func subscription(endpoint: URL) -> PushSubscription {
        // The values are made here to measure; a refusal would be a fault of this helper.
        try! PushSubscription(
            endpoint: endpoint.absoluteString, p256dh: Base64URL.encode(publicKey), auth: Base64URL.encode(authSecret),
            policy: .loopbackOnly)
    }

    /// Opens a message sent to this subscriber.
    public func decrypt(_ body: [UInt8]) throws(PushMessageDecryption.Failure) -> [UInt8] {
        try PushMessageDecryption.decrypt(body, receiverPrivateKey: privateKey, authSecret: authSecret)
    }
}
