import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188): what
/// the push service carries is readable by the subscribed browser alone.
///
/// One message is one record (RFC 8291 §4): the header `salt(16) ‖ rs(4) ‖ idlen(1) ‖ keyid`, where
/// `rs` is 4096 and `keyid` is the sender's ephemeral public key (65 bytes), then the plaintext
/// followed by the last record's padding delimiter `0x02`, sealed with AES-128-GCM (its 16-byte tag
/// last).
public enum PushMessageEncryption {
    /// The `rs` written in the header: the push services' message limit (RFC 8030 §7.2 asks them to
    /// take at least 4096 bytes of payload).
    public static let recordSize = 4096
    /// The header's length: salt, record size, key id length and the 65-byte key id.
    public static let headerLength = 16 + 4 + 1 + 65
    /// The most plaintext one message holds (RFC 8291 §4): 4096 bytes less the header (86), the
    /// padding delimiter (1) and the AES-GCM tag (16).
    public static let maximumPlaintextLength = recordSize - headerLength - 1 - 16

    /// The random parts of one message: a fresh salt and ephemeral key pair per message (RFC 8291
    /// §3.1, §3.4). Injected only to reproduce a known message, as RFC 8291 Appendix A does.
    public struct Inputs: Sendable {
        /// 16 bytes.
        public let salt: [UInt8]
        /// The ephemeral P-256 private key's scalar, 32 bytes (`rawRepresentation`).
        public let senderPrivateKey: [UInt8]

        /// Throws `InvalidSalt` when `salt` is not 16 bytes, and `CryptoKitError` when
        /// `senderPrivateKey` is not a P-256 scalar.
        public init(salt: [UInt8], senderPrivateKey: [UInt8]) throws {
            guard salt.count == 16 else { throw InvalidSalt() }
            _ = try P256.KeyAgreement.PrivateKey(rawRepresentation: senderPrivateKey)
            self.salt = salt
            self.senderPrivateKey = senderPrivateKey
        }

        /// A salt and a key pair from the system's secure random source.
        public static func random() -> Inputs {
            let salt = SymmetricKey(size: .init(bitCount: 128)).withUnsafeBytes { Array($0) }
            let key = Array(P256.KeyAgreement.PrivateKey().rawRepresentation)
            return try! Inputs(salt: salt, senderPrivateKey: key)  // both made to measure just above
        }
    }

    /// A salt that is not 16 bytes.
    public struct InvalidSalt: Error, Sendable {}

    /// The `aes128gcm` body carrying `plaintext` to `subscription`. Throws `PayloadTooLarge` for a
    /// plaintext over `maximumPlaintextLength`.
    public static func encrypt(_ plaintext: [UInt8], for subscription: PushSubscription, inputs: Inputs = .random()) throws -> [UInt8] {
        guard plaintext.count <= maximumPlaintextLength else {
            throw PayloadTooLarge(length: plaintext.count, limit: maximumPlaintextLength)
        }
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: inputs.senderPrivateKey)
        let senderPublicKey = Array(sender.publicKey.x963Representation)
        let keys = try contentKeys(
            sender: sender, senderPublicKey: senderPublicKey, subscription: subscription, salt: inputs.salt)

        var padded = plaintext
        padded.append(0x02)  // the last (and only) record's delimiter, RFC 8188 §2
        let sealed = try AES.GCM.seal(padded, using: keys.contentEncryptionKey, nonce: keys.nonce)

        var body = inputs.salt
        body.reserveCapacity(headerLength + padded.count + 16)
        withUnsafeBytes(of: UInt32(recordSize).bigEndian) { body.append(contentsOf: $0) }
        body.append(UInt8(senderPublicKey.count))
        body.append(contentsOf: senderPublicKey)
        body.append(contentsOf: sealed.ciphertext)
        body.append(contentsOf: sealed.tag)
        return body
    }

    /// The content encryption key and nonce, RFC 8291 §3.3–3.4 and RFC 8188 §2.2–2.3:
    ///
    ///     ecdh_secret = ECDH(as_private, ua_public)
    ///     IKM   = HKDF(salt: auth_secret, ikm: ecdh_secret, info: "WebPush: info\0" ‖ ua_public ‖ as_public, 32)
    ///     PRK   = HKDF-Extract(salt, IKM)
    ///     CEK   = HKDF-Expand(PRK, "Content-Encoding: aes128gcm\0", 16)
    ///     NONCE = HKDF-Expand(PRK, "Content-Encoding: nonce\0", 12)
    ///
    /// (The nonce is XORed with the record's sequence number, which is 0 for the only record.)
    private static func contentKeys(
        sender: P256.KeyAgreement.PrivateKey, senderPublicKey: [UInt8], subscription: PushSubscription, salt: [UInt8]
    ) throws -> (contentEncryptionKey: SymmetricKey, nonce: AES.GCM.Nonce) {
        let receiver = try P256.KeyAgreement.PublicKey(x963Representation: subscription.publicKey)
        let ecdhSecret = try sender.sharedSecretFromKeyAgreement(with: receiver)
        let keyInfo = Array("WebPush: info\0".utf8) + subscription.publicKey + senderPublicKey
        let inputKeyingMaterial = ecdhSecret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: subscription.authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let pseudoRandomKey = HKDF<SHA256>.extract(inputKeyMaterial: inputKeyingMaterial, salt: salt)
        let key = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: aes128gcm\0".utf8), outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(
            pseudoRandomKey: pseudoRandomKey, info: Array("Content-Encoding: nonce\0".utf8), outputByteCount: 12)
        return (key, try nonce.withUnsafeBytes { try AES.GCM.Nonce(data: Array($0)) })
    }
}

/// A payload longer than one Web Push message holds (`PushMessageEncryption.maximumPlaintextLength`).
public struct PayloadTooLarge: Error, Sendable, Equatable, CustomStringConvertible {
    public let length: Int
    public let limit: Int

    public init(length: Int, limit: Int) {
        self.length = length
        self.limit = limit
    }

    public var description: String { "A push payload of \(length) bytes is over the \(limit) one message holds." }
}
