import Testing
import Upstream
import UpstreamHTTP

/// Issue 33, item 3: after a party's answers stalled mid-body (head sent, then nothing, for as long
/// as the host likes), every later request of that party failed at its deadline for minutes while
/// another party was served. Whatever way a stalled exchange ends, its share comes back at its
/// deadline, and the party is served as soon as the host answers again.
@Suite("Upstream: a stalled exchange gives its share back at its deadline")
struct StalledShareTests {
    @Test("a party whose answers stalled mid-body is served again as soon as the host recovers")
    func stalledPartyIsServedAfterRecovery() async throws {
        try await withStallingHost { host, client in
            host.stalls(true)
            // The party's whole share (2) stalls past its deadline, and one more request waits.
            async let first = upstreamFailure { _ = try await client.get(Self.request(party: "A")) }
            async let second = upstreamFailure { _ = try await client.get(Self.request(party: "A")) }
            async let third = upstreamFailure { _ = try await client.get(Self.request(party: "A")) }
            let failures = await [first, second, third]
            #expect(failures.filter { $0 == .timedOut }.count >= 2, "\(failures)")
            #expect(failures.allSatisfy { $0 == .timedOut || $0 == .busy }, "\(failures)")
            #expect(host.held >= 2, "the host held the answers it began")

            host.stalls(false)  // the host is healthy again; the stalled answers are still held open
            let began = ContinuousClock.now
            for _ in 0..<3 {
                let answer = try await client.get(Self.request(party: "A"))
                #expect(answer.status == 200)
                #expect(String(decoding: answer.body, as: UTF8.self) == StallingHost.body)
            }
            // A locked-out party would fail (.busy or .timedOut) above; this bounds the waits loosely,
            // as the whole suite may share two loaded cores.
            #expect(began.duration(to: .now) < .seconds(30), "served, not left waiting")
            let other = try await client.get(Self.request(party: "B"))
            #expect(other.status == 200)
        }
    }

    @Test("a body stalled past its deadline fails .timedOut at the deadline, however long the host holds it")
    func stalledBodyEndsAtItsDeadline() async throws {
        try await withStallingHost { host, client in
            host.stalls(true)
            let began = ContinuousClock.now
            let failure = await upstreamFailure { _ = try await client.get(Self.request(party: "A")) }
            let took = began.duration(to: .now)
            #expect(failure == .timedOut)
            #expect(took >= .milliseconds(900) && took < .seconds(30), "\(took)")
        }
    }

    static func request(party: String) -> UpstreamRequest {
        UpstreamRequest(.path("/answer"), party: party)
    }
}
