import Foundation
import PushServiceStandIn
import Testing
import WebPush

/// The live sender against the loopback push service: what arrives, and what each answer means.
@Suite struct PushSenderTests {
    @Test func aMessageArrivesReadableByTheBrowserOnly() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            let outcome = try await sender.send(
                PushMessage(payload: reminderPayload(), timeToLive: 3600, urgency: .high), to: subscription)

            #expect(outcome == .delivered)
            let delivery = try #require(service.deliveries.first)
            #expect(service.deliveries.count == 1)
            #expect(delivery.plaintext == reminderPayload())
            #expect(delivery.timeToLive == "3600")
            #expect(delivery.urgency == "high")
            #expect(delivery.token.publicKey == keys.publicKey)
            #expect(delivery.token.audience == service.origin)
            #expect(delivery.token.subject == "mailto:reminders@appdeck.example")
            #expect(service.refusals.isEmpty)
        }
    }

    @Test func theLargestPayloadArrivesWhole() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            let payload = (0..<PushMessageEncryption.maximumPlaintextLength).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            #expect(payload.count == 3993)
            let outcome = try await sender.send(PushMessage(payload: payload, timeToLive: 60), to: subscription)
            #expect(outcome == .delivered)
            #expect(service.deliveries.map(\.plaintext) == [payload])
        }
    }

    @Test func aPayloadOverOneRecordIsRefusedBeforeAnyRequest() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            let payload = [UInt8](repeating: 0x61, count: PushMessageEncryption.maximumPlaintextLength + 1)
            await #expect(throws: PayloadTooLarge(length: 3994, limit: 3993)) {
                try await sender.send(PushMessage(payload: payload, timeToLive: 60), to: subscription)
            }
            #expect(service.requestCount == 0)
        }
    }

    @Test(arguments: [
        (PushServiceStandIn.Answer.created, PushOutcome.delivered),
        (.status(202), .delivered),
        (.notFound, .gone),
        (.gone, .gone),
        (.status(400), .rejected(status: 400)),
        (.status(403), .rejected(status: 403)),
        (.status(413), .rejected(status: 413)),
    ])
    func eachAnswerHasItsOutcome(answer: PushServiceStandIn.Answer, expected: PushOutcome) async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            service.answer(answer, for: subscription)
            let outcome = try await sender.send(PushMessage(payload: reminderPayload(), timeToLive: 60), to: subscription)
            #expect(outcome == expected)
            #expect(service.deliveries.count == 1)  // the service took and opened it before answering
        }
    }

    @Test func tooManyRequestsWaitsAsManySecondsAsAsked() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            service.answer(.tooManyRequests(retryAfter: "120"), for: subscription)
            let outcome = try await sender.send(PushMessage(payload: reminderPayload(), timeToLive: 60), to: subscription, attempt: 4)
            #expect(outcome == .retryLater(after: .seconds(120)))
        }
    }

    @Test func tooManyRequestsWaitsUntilTheDateAsked() async throws {
        let keys = VAPIDKeys.generate()
        let now = Date()  // the sender's clock stands still at this instant
        try await withPushService(keys: keys, configure: { $0.now = { now } }) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            service.answer(.tooManyRequests(retryAfter: Self.httpDate(now.addingTimeInterval(300))), for: subscription)
            let outcome = try await sender.send(PushMessage(payload: reminderPayload(), timeToLive: 60), to: subscription)
            // The date drops `now`'s fraction of a second: just under 300 s, rounded up.
            #expect(outcome == .retryLater(after: .seconds(300)))
        }
    }

    @Test func aServerErrorWithoutRetryAfterBacksOffExponentially() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys, configure: { $0.backoff = RetryBackoff(initial: .seconds(10), maximum: .seconds(600)) }) {
            service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            service.answer(.serverError(retryAfter: nil), for: subscription)
            let message = PushMessage(payload: reminderPayload(), timeToLive: 60)
            var outcomes: [PushOutcome] = []
            for attempt in [0, 3, 20] { outcomes.append(try await sender.send(message, to: subscription, attempt: attempt)) }
            service.answer(.tooManyRequests(retryAfter: "soon"), for: subscription)  // unreadable: the backoff
            outcomes.append(try await sender.send(message, to: subscription, attempt: 1))
            #expect(outcomes == [10, 80, 600, 20].map { .retryLater(after: .seconds($0)) })
        }
    }

    @Test func aServiceThatIsNotThereIsTriedLater() async throws {
        let keys = VAPIDKeys.generate()
        try await withPushService(keys: keys, configure: { $0.backoff = RetryBackoff(initial: .seconds(10)) }) { service, sender in
            let (subscription, _) = service.subscribe(applicationServerKey: keys.publicKey)
            await service.stop()
            let outcome = try await sender.send(PushMessage(payload: reminderPayload(), timeToLive: 60), to: subscription, attempt: 1)
            #expect(outcome == .retryLater(after: .seconds(20)))
        }
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
