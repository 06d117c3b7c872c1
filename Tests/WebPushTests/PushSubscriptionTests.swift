import ByteEncoding
import Foundation
import PushServiceStandIn
import Testing
import WebPush

/// A subscription is a browser's word: everything in it is checked before the server sends to it.
@Suite struct PushSubscriptionTests {
    static let subscriber = PushSubscriber()
    static var p256dh: String { Base64URL.encode(subscriber.publicKey) }
    static var auth: String { Base64URL.encode(subscriber.authSecret) }
    static let fcm = "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b"

    @Test func aBrowsersJSONIsRead() throws {
        let json = #"{"endpoint":"\#(Self.fcm)","expirationTime":null,"keys":{"p256dh":"\#(Self.p256dh)","auth":"\#(Self.auth)"}}"#
        let subscription = try PushSubscription(json: Data(json.utf8))
        #expect(subscription.endpoint.absoluteString == Self.fcm)
        #expect(subscription.publicKey == Self.subscriber.publicKey)
        #expect(subscription.authSecret == Self.subscriber.authSecret)
        #expect(subscription.p256dh == Self.p256dh)
        #expect(subscription.auth == Self.auth)
    }

    @Test(arguments: [
        "https://fcm.googleapis.com/fcm/send/x",
        "https://updates.push.services.mozilla.com/wpush/v2/x",
        "https://web.push.apple.com/QGuQ",
        "https://wns2-par02p.notify.windows.com/w/?token=x",
        "https://fcm.googleapis.com:443/fcm/send/x",
    ])
    func theBrowsersPushServicesAreAllowed(endpoint: String) throws {
        _ = try PushSubscription(endpoint: endpoint, p256dh: Self.p256dh, auth: Self.auth)
    }

    @Test(arguments: [
        ("http://fcm.googleapis.com/fcm/send/x", PushSubscription.Invalid.endpointNotHTTPS),
        ("https://evil.example/fcm.googleapis.com", .endpointHostNotAllowed("evil.example")),
        ("https://notfcm.googleapis.com.evil.example/x", .endpointHostNotAllowed("notfcm.googleapis.com.evil.example")),
        ("https://127.0.0.1:8080/push", .endpointHostNotAllowed("127.0.0.1")),
        ("http://localhost:8080/push", .endpointNotHTTPS),
        ("ftp://fcm.googleapis.com/x", .malformedEndpoint),
        ("/push/1", .malformedEndpoint),
        ("https://user:pw@fcm.googleapis.com/x", .malformedEndpoint),
        ("https://fcm.googleapis.com/" + String(repeating: "a", count: 2048), .malformedEndpoint),
        // Issue 46, item 14: another port of an allowed host, and a percent-encoded host.
        ("https://fcm.googleapis.com:47002/", .endpointPortNotAllowed(47002)),
        ("https://updates.push.services.mozilla.com:8443/wpush/v2/x", .endpointPortNotAllowed(8443)),
        ("https://127.0.0.1%2efcm.googleapis.com/", .malformedEndpoint),
        ("https://fcm%2egoogleapis.com/fcm/send/x", .malformedEndpoint),
    ])
    func endpointsAreRefused(endpoint: String, expected: PushSubscription.Invalid) {
        #expect(throws: expected) { try PushSubscription(endpoint: endpoint, p256dh: Self.p256dh, auth: Self.auth) }
    }

    @Test func loopbackIsForTestsOnlyAndMayBePlainHTTP() throws {
        for endpoint in ["http://127.0.0.1:8080/push/1", "http://localhost:9/p", "http://[::1]:8080/p", "https://127.0.0.2/p"] {
            _ = try PushSubscription(endpoint: endpoint, p256dh: Self.p256dh, auth: Self.auth, policy: .loopbackOnly)
        }
        #expect(throws: PushSubscription.Invalid.endpointHostNotAllowed("fcm.googleapis.com")) {
            try PushSubscription(endpoint: Self.fcm, p256dh: Self.p256dh, auth: Self.auth, policy: .loopbackOnly)
        }
        #expect(throws: PushSubscription.Invalid.endpointNotHTTPS) {
            try PushSubscription(endpoint: "http://127.0.0.1.evil.example/p", p256dh: Self.p256dh, auth: Self.auth, policy: .loopbackOnly)
        }
    }

    @Test func thePublicKeyMustBeAnUncompressedP256Point() {
        var offCurve = Self.subscriber.publicKey
        offCurve[64] ^= 1
        let compressed = [0x02 | (Self.subscriber.publicKey[64] & 1)] + Self.subscriber.publicKey[1..<33]
        let keys = [
            Base64URL.encode(offCurve),  // 65 bytes, not on the curve
            Base64URL.encode(compressed),  // the same point, compressed: 33 bytes
            Base64URL.encode(Self.subscriber.publicKey.dropFirst()),  // 64 bytes, no 0x04
            Base64URL.encode([0x05] + Self.subscriber.publicKey.dropFirst()),
            "B+" + Self.p256dh.dropFirst(2),  // plain base64's alphabet
            "not base64url!",
            "",
        ]
        for key in keys where key != Self.p256dh {
            #expect(throws: PushSubscription.Invalid.malformedPublicKey) {
                try PushSubscription(endpoint: Self.fcm, p256dh: key, auth: Self.auth)
            }
        }
    }

    @Test func theAuthSecretMustBeSixteenBytes() {
        for auth in [Base64URL.encode(Self.subscriber.authSecret.dropLast()), Base64URL.encode(Self.subscriber.authSecret + [0]), "", "a+b/"] {
            #expect(throws: PushSubscription.Invalid.malformedAuthSecret) {
                try PushSubscription(endpoint: Self.fcm, p256dh: Self.p256dh, auth: auth)
            }
        }
    }

    @Test func paddedBase64URLIsRead() throws {
        let padded = Self.auth + "=="
        #expect(try PushSubscription(endpoint: Self.fcm, p256dh: Self.p256dh, auth: padded).authSecret == Self.subscriber.authSecret)
    }

    @Test func jsonOfAnotherShapeIsRefused() {
        #expect(throws: DecodingError.self) { try PushSubscription(json: Data(#"{"endpoint":"\#(Self.fcm)"}"#.utf8)) }
    }
}
