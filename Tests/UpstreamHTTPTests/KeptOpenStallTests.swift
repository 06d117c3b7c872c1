import Foundation
import LoopbackSupport
import Testing
import Upstream
import UpstreamHTTP

/// Issue 46, item 1: the GitHub lock-out, a third time. An answer cut off mid-body on a connection
/// the host keeps open (a head declaring 100 bytes, one byte, then a host that reads nothing more)
/// must not outlive its deadline: the client closes that connection at the deadline, and the
/// party that met the stall is served as soon as the host answers again, on a connection of its own.
@Suite("Upstream: an answer stalled on a kept-open connection")
struct KeptOpenStallTests {
    @Test("the stalled connection is closed at its deadline, and the party is served at once after the host recovers")
    func stalledConnectionIsClosedAndThePartyServed() async throws {
        let host = try await KeptOpenStallingHost.start()
        let client = stallTestClient(port: host.port)
        try await withCleanUp {
            // A kept-alive connection first, as a device that was served before has one.
            #expect(try await client.get(Self.request(party: "A")).status == 200)

            host.stalls(true)
            let failure = await upstreamFailure { _ = try await client.get(Self.request(party: "A")) }
            #expect(failure == .timedOut)

            // The host still holds the stalled connection open; the client must have let it go.
            let closing = ContinuousClock.now
            while host.openConnections > 0, closing.duration(to: .now) < .seconds(10) {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(host.openConnections == 0, "the stalled connection is still open after its deadline")

            host.stalls(false)
            let asked = host.requests
            for attempt in 1...5 {
                let answer = try await client.get(Self.request(party: "A"))
                #expect(answer.status == 200, "try \(attempt)")
                #expect(String(decoding: answer.body, as: UTF8.self) == KeptOpenStallingHost.body, "try \(attempt)")
            }
            #expect(host.requests == asked + 5, "every try reached the host and was answered")
            #expect(try await client.get(Self.request(party: "B")).status == 200)
        } cleanUp: {
            try await client.shutdown()
            await host.stop()
        }
    }

    static func request(party: String) -> UpstreamRequest {
        UpstreamRequest(.path("/user"), party: party)
    }
}
