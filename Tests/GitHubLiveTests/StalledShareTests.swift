import Foundation
import Hummingbird
import LoopbackSupport
import NIOCore
import Synchronization
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
            async let first = Self.failure { _ = try await client.get(Self.request(party: "A")) }
            async let second = Self.failure { _ = try await client.get(Self.request(party: "A")) }
            async let third = Self.failure { _ = try await client.get(Self.request(party: "A")) }
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
            let failure = await Self.failure { _ = try await client.get(Self.request(party: "A")) }
            let took = began.duration(to: .now)
            #expect(failure == .timedOut)
            #expect(took >= .milliseconds(900) && took < .seconds(30), "\(took)")
        }
    }

    static func request(party: String) -> UpstreamRequest {
        UpstreamRequest(.path("/answer"), party: party)
    }

    static func failure(_ body: () async throws -> Void) async -> UpstreamFailure? {
        do {
            try await body()
            return nil
        } catch {
            return error as? UpstreamFailure
        }
    }
}

/// Issue 33, item 3, at the shares themselves: the slot of an exchange comes back at its deadline
/// whatever the exchange does, even a body that never heeds its cancellation.
@Suite("ConnectionShares: a slot comes back at its deadline")
struct ConnectionSharesDeadlineTests {
    @Test("bodies stalled past their deadline, deaf to cancellation, give their party's share back at the deadline")
    func stalledBodiesGiveTheirShareBack() async throws {
        let shares = ConnectionShares(limits: .init(perHost: 8, perParty: 2))
        let stall = DeafGate()
        let deadline: @Sendable () async throws -> Void = { try await Task.sleep(for: .milliseconds(300)) }
        let stalled = (0..<2).map { _ in
            Task { try await shares.withSlot(host: "h", party: "A", deadline: deadline) { await stall.wait() } }
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(shares.running(host: "h", party: "A") == 2)

        // The party's next exchange gets a turn once the stalled ones' deadline has passed.
        let next = Task { try await shares.withSlot(host: "h", party: "A", deadline: deadline) { "served" } }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            next.cancel()  // without the fix it would wait forever
        }
        let served = try? await next.value
        watchdog.cancel()
        #expect(served == "served", "the party was locked out by bodies past their deadline")
        // Both stalled slots have come back (the second one's deadline may fire a moment later).
        for _ in 0..<100 where shares.running(host: "h", party: "A") > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(shares.running(host: "h", party: "A") == 0, "the stalled bodies hold no share")

        // When the stalled bodies end at last, nothing is given back twice: the share is still 2.
        stall.open()
        for task in stalled { _ = try await task.value }
        #expect(shares.running(host: "h") == 0)
        let gate = DeafGate()
        let two = (0..<2).map { _ in Task { try await shares.withSlot(host: "h", party: "A") { await gate.wait() } } }
        try await Task.sleep(for: .milliseconds(100))
        let third = Task { try await shares.withSlot(host: "h", party: "A") { "third" } }
        try await Task.sleep(for: .milliseconds(200))
        #expect(shares.running(host: "h", party: "A") == 2, "a third waits: the share is not widened")
        gate.open()
        for task in two { _ = try await task.value }
        #expect(try await third.value == "third")
    }

    @Test("a body that ends before its deadline gives its slot back at once, and the deadline gives nothing back later")
    func bodyEndingFirst() async throws {
        let shares = ConnectionShares(limits: .init(perHost: 1, perParty: 1))
        let value = try await shares.withSlot(host: "h", party: "A", deadline: { try await Task.sleep(for: .milliseconds(100)) }) { 7 }
        #expect(value == 7)
        #expect(shares.running(host: "h") == 0)
        let gate = DeafGate()
        let holder = Task { try await shares.withSlot(host: "h", party: "B") { await gate.wait() } }
        try await Task.sleep(for: .milliseconds(300))  // the first call's deadline passes meanwhile
        #expect(shares.running(host: "h") == 1, "the earlier deadline did not give back B's slot")
        gate.open()
        _ = try await holder.value
    }
}

/// A wait that ignores cancellation, as a read that does not heed it would: it ends when opened.
final class DeafGate: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// A host whose answers, while it stalls, send their head and one byte and then nothing until the
/// test ends (a hold no deadline of the host's own ends); healthy, the whole answer at once.
final class StallingHost: Sendable {
    static let body = #"{"answer":42,"padding":"the rest of a body that never comes while the host stalls"}"#

    private struct State {
        var stalling = false
        var held = 0
        var released = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let box = Mutex<LoopbackServer?>(nil)

    var port: Int { box.withLock { $0?.port ?? 0 } }
    /// How many answers it began and then held.
    var held: Int { state.withLock { $0.held } }

    func stalls(_ stalling: Bool) {
        state.withLock { $0.stalling = stalling }
    }

    static func start() async throws -> StallingHost {
        let host = StallingHost()
        let router = Router()
        router.get("/answer") { _, _ -> Response in host.answer() }
        let server = try await LoopbackServer.start(router: router, serverName: "stalling-host")
        host.box.withLock { $0 = server }
        return host
    }

    private func answer() -> Response {
        let bytes = ByteBuffer(string: Self.body)
        let headers: HTTPFields = [.contentType: "application/json", .contentLength: String(bytes.readableBytes)]
        guard state.withLock({ $0.stalling }) else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
        }
        state.withLock { $0.held += 1 }
        return Response(status: .ok, headers: headers, body: ResponseBody { [self] writer in
            var rest = bytes
            if let first = rest.readSlice(length: 1) { try await writer.write(first) }  // mid-body
            await waitForRelease()
            try await writer.write(rest)
            try await writer.finish(nil)
        })
    }

    private func waitForRelease() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.released { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Lets every held answer finish (so the server can stop) and stops it.
    func stop() async {
        let waiting = state.withLock { state in
            state.released = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
        await box.withLock { $0 }?.stop()
    }
}

/// A stalling host and an `UpstreamClient` on it (deadline 1 s, 8 connections, 2 per party),
/// both stopped after `body` whether it threw or not.
func withStallingHost(_ body: (StallingHost, UpstreamClient) async throws -> Void) async throws {
    let host = try await StallingHost.start()
    let client = UpstreamClient(
        configuration: UpstreamConfiguration(
            baseURL: URL(string: "http://127.0.0.1:\(host.port)")!, connectTimeout: .seconds(2), requestTimeout: .seconds(1),
            connectionsPerHost: 8, connectionsPerParty: 2),
        logger: quietLogger)
    let result: Result<Void, any Error>
    do {
        result = .success(try await body(host, client))
    } catch {
        result = .failure(error)
    }
    try await client.shutdown()
    await host.stop()
    try result.get()
}
