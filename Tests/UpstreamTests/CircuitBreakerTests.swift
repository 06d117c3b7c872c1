import Foundation
import TestDoubles
import Testing
import Upstream

@Suite("Circuit breaker per host (PH-4)")
struct CircuitBreakerTests {
    /// A breaker whose time is `clock`'s, moved by hand.
    func makeBreaker(threshold: Int, coolDown: Duration, clock: ManualClock = ManualClock()) -> CircuitBreaker {
        CircuitBreaker(threshold: threshold, coolDown: coolDown, now: { clock.now })
    }

    @Test("closed → open after the threshold → half-open after the cool-down → closed on success")
    func lifecycle() {
        let clock = ManualClock()
        let breaker = makeBreaker(threshold: 3, coolDown: .seconds(30), clock: clock)
        #expect(breaker.permission(for: "img") == .allowed)
        breaker.recordFailure(.offline, for: "img")
        breaker.recordFailure(.timedOut, for: "img")
        #expect(breaker.state(for: "img") == .closed(consecutiveFailures: 2))
        breaker.recordFailure(.server(status: 503), for: "img")
        #expect(breaker.state(for: "img") == .open(until: .seconds(30)))
        #expect(breaker.permission(for: "img") == .rejected(.server(status: 503)))
        #expect(breaker.permission(for: "other") == .allowed)

        clock.advance(by: .seconds(29))
        #expect(breaker.permission(for: "img") == .rejected(.server(status: 503)))
        clock.advance(by: .seconds(1))
        #expect(breaker.state(for: "img") == .halfOpen)
        #expect(breaker.permission(for: "img") == .trial)
        #expect(breaker.permission(for: "img") == .rejected(.server(status: 503)), "one trial at a time")
        breaker.recordSuccess(for: "img")
        #expect(breaker.state(for: "img") == .closed(consecutiveFailures: 0))
        #expect(breaker.permission(for: "img") == .allowed)
    }

    /// A breaker (threshold 1, cool-down 10 s) that host "h" opened, its cool-down over and its
    /// one trial let through.
    func breakerInTrial(clock: ManualClock) -> CircuitBreaker {
        let breaker = makeBreaker(threshold: 1, coolDown: .seconds(10), clock: clock)
        breaker.recordFailure(.offline, for: "h")
        clock.advance(by: .seconds(10))
        #expect(breaker.permission(for: "h") == .trial)
        return breaker
    }

    @Test("a failed trial opens the breaker for another cool-down")
    func failedTrial() {
        let clock = ManualClock()
        let breaker = breakerInTrial(clock: clock)
        breaker.recordFailure(.timedOut, for: "h")
        #expect(breaker.state(for: "h") == .open(until: .seconds(20)))
        #expect(breaker.permission(for: "h") == .rejected(.timedOut))
    }

    @Test("a trial never reported lets another through after a further cool-down")
    func lostTrial() {
        let clock = ManualClock()
        let breaker = breakerInTrial(clock: clock)
        clock.advance(by: .seconds(10))
        #expect(breaker.permission(for: "h") == .trial)
    }

    @Test("answers from a live host do not count and reset the count", arguments: [
        UpstreamFailure.notFound, .rejected(.notAnImage), .rejected(.tooLarge), .unreadable,
        // Issue 33, item 5: a status that is no 5xx (a redirect loop, a 403) is a live host too.
        .server(status: 302), .server(status: 403), .server(status: 418),
    ])
    func liveHostAnswers(failure: UpstreamFailure) {
        let breaker = makeBreaker(threshold: 2, coolDown: .seconds(10))
        breaker.recordFailure(.offline, for: "h")
        breaker.recordFailure(failure, for: "h")
        breaker.recordFailure(.offline, for: "h")
        #expect(breaker.state(for: "h") == .closed(consecutiveFailures: 1))
    }

    @Test("a fault is held against the origin it names; none names nobody; another origin clears the one asked")
    func faultsByOrigin() {
        let breaker = makeBreaker(threshold: 2, coolDown: .seconds(10))
        let asked = "https://img.example:443"
        breaker.recordFailure(.offline, for: asked)
        breaker.record(UpstreamFault(.rejected(.hostNotAllowed), origin: nil), askedOf: asked)
        breaker.record(UpstreamFault(.busy, origin: nil), askedOf: asked)
        #expect(breaker.state(for: asked) == .closed(consecutiveFailures: 1), "nothing recorded for our own refusals")
        breaker.record(UpstreamFault(.offline, origin: "https://cdn.example:443"), askedOf: asked)
        #expect(breaker.state(for: asked) == .closed(consecutiveFailures: 0), "it answered with the redirect")
        #expect(breaker.state(for: "https://cdn.example:443") == .closed(consecutiveFailures: 1))
        breaker.record(UpstreamFault(.timedOut, origin: asked), askedOf: asked)
        breaker.record(UpstreamFault(.server(status: 502), origin: asked), askedOf: asked)
        #expect(breaker.state(for: asked) == .open(until: .seconds(10)))
    }

    @Test("origins: scheme, host and port, lowercased, the default port written; nothing but http(s)")
    func origins() {
        #expect(UpstreamFault.origin(of: URL(string: "https://Img.Example/a.png")!) == "https://img.example:443")
        #expect(UpstreamFault.origin(of: URL(string: "http://img.example/a.png")!) == "http://img.example:80")
        #expect(UpstreamFault.origin(of: URL(string: "http://img.example:1/a.png")!) == "http://img.example:1")
        #expect(UpstreamFault.origin(of: URL(string: "HTTPS://img.example:8443/")!) == "https://img.example:8443")
        #expect(UpstreamFault.origin(of: URL(string: "gopher://img.example/a.png")!) == nil)
        #expect(UpstreamFault.origin(of: URL(string: "file:///etc/passwd")!) == nil)
    }
}
