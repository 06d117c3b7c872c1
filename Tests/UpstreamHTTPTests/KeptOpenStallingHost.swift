import NIOCore
import NIOPosix
import Synchronization

/// The round-four probe's stand-in (issue 46, item 1) on raw TCP, as Python's `ThreadingHTTPServer`
/// with HTTP/1.1 and a handler that sleeps behaves: while it stalls, an answer is a head declaring
/// 100 bytes (`Content-Length: 100`) and `[`, and then the connection is neither closed nor
/// read from: a request sent on it later waits there for as long as the test runs. Healthy, each
/// request gets its whole JSON answer at once, and the connection stays open for the next.
final class KeptOpenStallingHost: Sendable {
    static let body = #"{"answer":42}"#

    private struct State {
        var stalling = false
        var requests = 0
        var open = 0
        var channels: [any Channel] = []
    }

    private let state = Mutex(State())
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let channel = Mutex<(any Channel)?>(nil)

    var port: Int { channel.withLock { $0?.localAddress?.port ?? 0 } }
    /// Requests the host has read (a request sent on a stalled connection is never read).
    var requests: Int { state.withLock { $0.requests } }
    /// Connections open now, as the host sees them.
    var openConnections: Int { state.withLock { $0.open } }

    func stalls(_ stalling: Bool) {
        state.withLock { $0.stalling = stalling }
    }

    static func start() async throws -> KeptOpenStallingHost {
        let host = KeptOpenStallingHost()
        let server = try await ServerBootstrap(group: host.group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Connection(host: host)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        host.channel.withLock { $0 = server }
        return host
    }

    func stop() async {
        let (server, open) = (channel.withLock { $0 }, state.withLock { $0.channels })
        for connection in open { try? await connection.close() }
        try? await server?.close()
        try? await group.shutdownGracefully()
    }

    fileprivate func opened(_ channel: any Channel) {
        state.withLock { state in
            state.open += 1
            state.channels.append(channel)
        }
    }

    fileprivate func closed(_ channel: any Channel) {
        state.withLock { state in
            state.open -= 1
            state.channels.removeAll { $0 === channel }
        }
    }

    /// Counts a request read; whether its answer stalls.
    fileprivate func answerStalls() -> Bool {
        state.withLock { state in
            state.requests += 1
            return state.stalling
        }
    }

    /// One connection: reads request heads (GETs, no bodies) and answers each, until one stalls;
    /// after that it reads nothing more.
    private final class Connection: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        private let host: KeptOpenStallingHost
        private var pending = ByteBuffer()
        private var stalled = false

        init(host: KeptOpenStallingHost) { self.host = host }

        func channelActive(context: ChannelHandlerContext) {
            host.opened(context.channel)
            context.fireChannelActive()
        }

        func channelInactive(context: ChannelHandlerContext) {
            host.closed(context.channel)
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !stalled else { return }  // asleep: what the client sends now waits unread
            var bytes = unwrapInboundIn(data)
            pending.writeBuffer(&bytes)
            while !stalled, let end = pending.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8)) {
                pending.moveReaderIndex(to: end.upperBound)
                pending.discardReadBytes()
                if host.answerStalls() {
                    stalled = true
                    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n["
                    context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: head)), promise: nil)
                } else {
                    let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(Self.bodyLength)\r\n\r\n"
                        + KeptOpenStallingHost.body
                    context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)), promise: nil)
                }
            }
        }

        private static let bodyLength = KeptOpenStallingHost.body.utf8.count
    }
}
