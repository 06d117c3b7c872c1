import Crypto
import Foundation

/// The browser's side of RFC 8291: opens an `aes128gcm` body (RFC 8188) with the subscription's
/// private key and auth secret. Written apart from the sender's code, from the RFC's own formulas
/// (HMAC steps, not the HKDF calls the sender makes), so that the two check each other.
public enum PushMessageDecryption {
    public enum Failure: Error, Sendable, Equatable {
        /// Shorter than a header, a key id that is not a P-256 point, a record size under 18.
        case malformedHeader
        /// More than one record: a push message is one (RFC 8291 §4).
        case moreThanOneRecord
        /// The tag does not verify: another key, another secret or damaged bytes.
        case cannotOpen
        /// The last non-zero byte of the opened record is not the last record's delimiter 0x02.
        case badPadding
    }

    /// The plaintext of `body`, sent to the subscription whose private scalar is `receiverPrivateKey`.
    public static func decrypt(_ body: [UInt8], receiverPrivateKey: [UInt8], authSecret: [UInt8]) throws(Failure) -> [UInt8] {
        guard body.count >= 21 else { throw .malformedHeader }
        let salt = Array(body[0..<16])
        let recordSize = body[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let keyIDLength = Int(body[20])
        guard recordSize >= 18, body.count >= 21 + keyIDLength + 17 else { throw .malformedHeader }
        let senderPublicKey = Array(body[21..<(21 + keyIDLength)])
        let record = Array(body[(21 + keyIDLength)...])
        guard record.count <= recordSize else { throw .moreThanOneRecord }

        guard let receiver = try? P256.KeyAgreement.PrivateKey(rawRepresentation: receiverPrivateKey),
            let sender = try? P256.KeyAgreement.PublicKey(x963Representation: senderPublicKey),
            let shared = try? receiver.sharedSecretFromKeyAgreement(with: sender)
        else { throw .malformedHeader }
        let ecdhSecret = shared.withUnsafeBytes { Array($0) }
        let receiverPublicKey = Array(receiver.publicKey.x963Representation)

        // RFC 8291 §3.4, step by step.
        let keyInfo = Array("WebPush: info".utf8) + [0] + receiverPublicKey + senderPublicKey
        let keyPRK = hmac(key: authSecret, ecdhSecret)
        let ikm = hmac(key: keyPRK, keyInfo + [1])
        let prk = hmac(key: salt, ikm)
        let cek = Array(hmac(key: prk, Array("Content-Encoding: aes128gcm".utf8) + [0, 1]).prefix(16))
        let nonce = Array(hmac(key: prk, Array("Content-Encoding: nonce".utf8) + [0, 1]).prefix(12))

        let opened: [UInt8]
        do {
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
            opened = Array(try AES.GCM.open(box, using: SymmetricKey(data: cek)))
        } catch {
            throw .cannotOpen
        }
        guard let delimiter = opened.lastIndex(where: { $0 != 0 }), opened[delimiter] == 0x02 else { throw .badPadding }
        return Array(opened[..<delimiter])
    }

    private static func hmac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
    }
}
