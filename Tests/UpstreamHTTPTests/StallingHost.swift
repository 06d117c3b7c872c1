import Foundation
import Hummingbird
import LoopbackSupport
import NIOCore
import Synchronization
import UpstreamHTTP

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
    let client = stallTestClient(port: host.port)
    try await withCleanUp {
        try await body(host, client)
    } cleanUp: {
        try await client.shutdown()
        await host.stop()
    }
}

/// The client the stall tests ask `127.0.0.1:port` with: a deadline of 1 s, 8 connections, 2 per party.
func stallTestClient(port: Int) -> UpstreamClient {
    UpstreamClient(
        configuration: UpstreamConfiguration(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, connectTimeout: .seconds(2), requestTimeout: .seconds(1),
            connectionsPerHost: 8, connectionsPerParty: 2),
        logger: quietLogger)
}
