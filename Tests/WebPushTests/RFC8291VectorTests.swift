import ByteEncoding
import Foundation
import PushServiceStandIn
import Testing
import WebPush

/// RFC 8291 Appendix A: the message the RFC encrypts with fixed keys and salt, byte for byte.
@Suite struct RFC8291VectorTests {
    static let plaintext = Array("When I grow up, I want to be a watermelon".utf8)
    static let senderPrivateKey = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let senderPublicKey = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let receiverPrivateKey = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
    static let receiverPublicKey = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
    static let message =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

    static func decoded(_ text: String) throws -> [UInt8] { try #require(Base64URL.decode(text)) }

    @Test func theSenderReproducesTheRFCsMessage() throws {
        let subscription = try PushSubscription(
            endpoint: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV", p256dh: Self.receiverPublicKey,
            auth: Self.authSecret, policy: PushEndpointPolicy(hostSuffixes: nil, allowsLoopback: false))
        let inputs = try PushMessageEncryption.Inputs(
            salt: try Self.decoded(Self.salt), senderPrivateKey: try Self.decoded(Self.senderPrivateKey))

        let body = try PushMessageEncryption.encrypt(Self.plaintext, for: subscription, inputs: inputs)

        #expect(body == (try Self.decoded(Self.message)))
        #expect(Base64URL.encode(body) == Self.message)
        // The header's key id is the sender's public key the RFC gives.
        #expect(Array(body[21..<86]) == (try Self.decoded(Self.senderPublicKey)))
    }

    @Test func theStandInsBrowserSideOpensTheRFCsMessage() throws {
        let plaintext = try PushMessageDecryption.decrypt(
            try Self.decoded(Self.message), receiverPrivateKey: try Self.decoded(Self.receiverPrivateKey),
            authSecret: try Self.decoded(Self.authSecret))
        #expect(plaintext == Self.plaintext)
    }

    @Test func theStandInRefusesTheMessageWithAnotherSecret() throws {
        var secret = try Self.decoded(Self.authSecret)
        secret[0] ^= 1
        #expect(throws: PushMessageDecryption.Failure.cannotOpen) {
            try PushMessageDecryption.decrypt(
                try Self.decoded(Self.message), receiverPrivateKey: try Self.decoded(Self.receiverPrivateKey), authSecret: secret)
        }
    }

    @Test func freshMessagesDifferButOpen() throws {
        let subscriber = PushSubscriber()
        let subscription = subscriber.subscription(endpoint: try #require(URL(string: "http://127.0.0.1:9/push/x")))
        let first = try PushMessageEncryption.encrypt(Self.plaintext, for: subscription)
        let second = try PushMessageEncryption.encrypt(Self.plaintext, for: subscription)
        #expect(first != second)  // a new salt and ephemeral key per message (RFC 8291 §3.1)
        #expect(Array(first[16..<21]) == [0, 0, 0x10, 0, 65])  // rs 4096, key id of 65 bytes
        #expect(try subscriber.decrypt(first) == Self.plaintext)
        #expect(try subscriber.decrypt(second) == Self.plaintext)
    }
}
