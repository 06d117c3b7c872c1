import ByteEncoding
import AsyncHTTPClient
import Foundation
import NIOCore
import PushServiceStandIn
import Testing
import WebPush

/// RFC 8292: the token the sender signs, and the push service refusing every token it must refuse.
@Suite struct VAPIDTests {
    @Test func theTokenIsAnES256JWTForTheEndpointsOrigin() throws {
        let keys = VAPIDKeys.generate()
        let now = Date(timeIntervalSince1970: 1_800_000_000.75)
        let endpoint = try #require(URL(string: "https://fcm.googleapis.com/fcm/send/abc:def?x=1"))
        let header = try #require(VAPIDAuthorization.header(for: endpoint, keys: keys, subject: testSubject, now: now))

        #expect(header.hasPrefix("vapid t="))
        #expect(header.hasSuffix(", k=\(keys.publicKeyBase64URL)"))
        let token = String(header.dropFirst("vapid t=".count).prefix { $0 != "," })
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        #expect(Base64URL.decode(parts[0]) == Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        #expect(Base64URL.decode(parts[1]) == Array(#"{"aud":"https://fcm.googleapis.com","exp":1800043200,"sub":"mailto:reminders@appdeck.example"}"#.utf8))
        #expect(Base64URL.decode(parts[2])?.count == 64)  // r ‖ s, not DER
        #expect(!token.contains("="))

        let checked = try VAPIDCheck.check(header, origin: "https://fcm.googleapis.com", now: now)
        #expect(checked.expiresAt == 1_800_000_000 + 12 * 3600)
        #expect(checked.publicKey == keys.publicKey)
    }

    @Test(arguments: [
        ("https://fcm.googleapis.com/fcm/send/x", "https://fcm.googleapis.com"),
        ("https://Web.Push.Apple.com/QGuQ", "https://web.push.apple.com"),
        ("https://push.example:443/a", "https://push.example"),
        ("https://push.example:8443/a", "https://push.example:8443"),
        ("http://127.0.0.1:8080/push/1", "http://127.0.0.1:8080"),
    ])
    func theAudienceIsTheOrigin(endpoint: String, origin: String) throws {
        #expect(VAPIDAuthorization.audience(of: try #require(URL(string: endpoint))) == origin)
    }

    @Test func subjectsAreMailtoOrHTTPS() throws {
        #expect(try VAPIDSubject("mailto:ops@appdeck.example").description == "mailto:ops@appdeck.example")
        #expect(try VAPIDSubject("https://appdeck.example/contact").description == "https://appdeck.example/contact")
        for bad in ["ops@appdeck.example", "http://appdeck.example", "mailto:", "https://", "mailto:a@b c", ""] {
            #expect(throws: VAPIDSubject.Invalid.self) { try VAPIDSubject(bad) }
        }
    }

    // MARK: - Refused by the push service

    @Test func aKeyOtherThanTheSubscriptionsIsRefused() async throws {
        let subscribedWith = VAPIDKeys.generate()
        try await withPushService(keys: VAPIDKeys.generate()) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: subscribedWith.publicKey)
            let outcome = try await sender.send(PushMessage(payload: reminderPayload(), timeToLive: 60), to: subscription)
            #expect(outcome == .rejected(status: 403))
            #expect(service.refusals == [.token(.keyNotSubscribed)])
            #expect(service.deliveries.isEmpty)
        }
    }

    @Test func aSignatureByAnotherKeyIsRefused() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys) { service, _ in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            // Signed by another key, presented with the subscription's.
            let forged = try #require(
                VAPIDAuthorization.header(for: subscription.endpoint, keys: VAPIDKeys.generate(), subject: testSubject, now: Date()))
            let header = String(forged.prefix { $0 != "," }) + ", k=\(keys.publicKeyBase64URL)"
            let status = try await Self.post(header, to: subscription)
            #expect(status == 403)
            #expect(service.refusals == [.token(.badSignature)])
        }
    }

    @Test func anExpiredTokenIsRefused() async throws {
        let keys = VAPIDKeys.generate()
        // The sender's clock is 13 hours slow: its token expired an hour ago.
        try await withPushService(keys: keys, clockOffset: -13 * 3600) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            let outcome = try await sender.send(PushMessage(payload: reminderPayload(), timeToLive: 60), to: subscription)
            #expect(outcome == .rejected(status: 403))
            #expect(service.refusals == [.token(.expired)])
        }
    }

    @Test func aTokenValidForMoreThanADayIsRefused() async throws {
        let keys = VAPIDKeys.generate()
        // The sender's clock is 13 hours fast: its token expires 25 hours from the service's now.
        try await withPushService(keys: keys, clockOffset: 13 * 3600) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            let outcome = try await sender.send(PushMessage(payload: reminderPayload(), timeToLive: 60), to: subscription)
            #expect(outcome == .rejected(status: 403))
            #expect(service.refusals == [.token(.expiresTooLate)])
        }
    }

    @Test func aTokenForAnotherOriginIsRefused() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys) { service, _ in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            let elsewhere = try #require(URL(string: "https://fcm.googleapis.com/fcm/send/x"))
            let header = try #require(VAPIDAuthorization.header(for: elsewhere, keys: keys, subject: testSubject, now: Date()))
            let status = try await Self.post(header, to: subscription)
            #expect(status == 403)
            #expect(service.refusals == [.token(.wrongAudience("https://fcm.googleapis.com"))])
        }
    }

    @Test func aRequestWithoutATokenIsRefused() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys) { service, _ in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            let status = try await Self.post(nil, to: subscription)
            #expect(status == 403)
            #expect(service.refusals == [.token(.missingAuthorization)])
        }
    }

    /// A request the sender would never make: a readable message with `authorization` as given.
    static func post(_ authorization: String?, to subscription: PushSubscription) async throws -> Int {
        var request = HTTPClientRequest(url: subscription.endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "TTL", value: "60")
        if let authorization { request.headers.add(name: "Authorization", value: authorization) }
        request.body = .bytes(ByteBuffer(bytes: try PushMessageEncryption.encrypt(reminderPayload(), for: subscription)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 64 * 1024)
        return Int(response.status.code)
    }
}
