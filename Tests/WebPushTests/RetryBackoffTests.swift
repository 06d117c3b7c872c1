import Foundation
import Testing
import WebPush

/// Waits after a 429, a 5xx or silence: the service's `Retry-After`, bounded, else a doubling backoff.
@Suite struct RetryBackoffTests {
    let backoff = RetryBackoff(initial: .seconds(30), maximum: .seconds(3600))
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theBackoffDoublesUpToItsMaximum() {
        #expect((0...8).map { backoff.delay(afterAttempt: $0) } == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600].map { .seconds($0) })
        #expect(backoff.delay(afterAttempt: -1) == .seconds(30))
        #expect(backoff.delay(afterAttempt: Int.max) == .seconds(3600))
    }

    @Test func retryAfterInSeconds() {
        #expect(backoff.delay(retryAfter: "0", now: now) == .zero)
        #expect(backoff.delay(retryAfter: " 90 ", now: now) == .seconds(90))
        #expect(backoff.delay(retryAfter: "86400", now: now) == .seconds(3600))  // a day: capped
        #expect(backoff.delay(retryAfter: "99999999999999999999999", now: now) == .seconds(3600))
    }

    @Test func retryAfterAsAnHTTPDate() {
        // 1_800_000_000 is Fri, 15 Jan 2027 08:00:00 GMT.
        #expect(backoff.delay(retryAfter: "Fri, 15 Jan 2027 08:02:00 GMT", now: now) == .seconds(120))
        #expect(backoff.delay(retryAfter: "Fri, 15 Jan 2027 07:00:00 GMT", now: now) == .zero)  // past: now
        #expect(backoff.delay(retryAfter: "Sat, 01 Jan 3000 00:00:00 GMT", now: now) == .seconds(3600))
    }

    @Test func anUnreadableRetryAfterIsNone() {
        for value in ["", "-5", "1.5", "soon", "Fri, 15 Jan 2027", String(repeating: "x", count: 10_000)] {
            #expect(backoff.delay(retryAfter: value, now: now) == nil)
        }
    }
}
