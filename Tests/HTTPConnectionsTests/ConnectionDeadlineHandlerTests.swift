import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import HTTPConnections

/// The handler on an embedded channel whose clock the tests move: what real sockets show in
/// `reliability/fast`, decided here without waiting.
@Suite("Connection deadlines")
struct ConnectionDeadlineHandlerTests {
    let limits = ConnectionLimits(headerTimeout: .seconds(10), idleTimeout: .seconds(30), minimumBodyRate: 1000, shutdownGrace: .seconds(2))

    func connectedChannel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: ConnectionDeadlineHandler(limits: limits, logger: Logger(label: "test")))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    func head(_ method: HTTPMethod = .POST, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:]) -> HTTPServerRequestPart {
        .head(HTTPRequestHead(version: version, method: method, uri: "/cars", headers: headers))
    }

    func body(_ count: Int) -> HTTPServerRequestPart {
        .body(ByteBuffer(repeating: 0x61, count: count))
    }

    @Test("a connection without a complete request head is closed at the header timeout, not before")
    func headerTimeout() throws {
        let channel = try connectedChannel()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }

    @Test("a request that arrives in time keeps its connection past the header timeout")
    func headInTime() throws {
        let channel = try connectedChannel()
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        try channel.writeInbound(head(.GET))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        _ = try channel.finish()
    }

    @Test("a stalled body is closed once it falls behind the minimum rate after the grace")
    func stalledBody() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(head())
        try channel.writeInbound(body(17))
        // 10 s of grace, then 18 bytes at 1000 bytes/s: 10.018 s.
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(10_017))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(2))
        #expect(!channel.isActive)
    }

    @Test("a body that keeps up with the minimum rate is never cut")
    func steadyBody() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(head())
        for _ in 0..<30 {
            channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            try channel.writeInbound(body(1_500))
        }
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        _ = try channel.finish()
    }

    @Test("once the server stops, a body still being read gets the shutdown grace and no more")
    func bodyAtShutdown() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(head())
        try channel.writeInbound(body(17))
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }

    @Test("a client that stops reading its answer is cut after the idle timeout; one that reads again is not")
    func slowReader() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(head(.GET))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(20))
        #expect(channel.isActive)
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(29_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }

    @Test("HTTP/1.0 without keep-alive is told to close; HTTP/1.0 with keep-alive and HTTP/1.1 are left as sent", arguments: [
        (HTTPVersion.http1_0, HTTPHeaders(), "close"),
        (HTTPVersion.http1_0, HTTPHeaders([("Connection", "keep-alive")]), "keep-alive"),
        (HTTPVersion.http1_1, HTTPHeaders(), nil),
    ])
    func http10(version: HTTPVersion, headers: HTTPHeaders, connection: String?) throws {
        let channel = try connectedChannel()
        try channel.writeInbound(head(.GET, version: version, headers: headers))
        guard case .head(let forwarded) = try channel.readInbound(as: HTTPServerRequestPart.self) else {
            Issue.record("no head forwarded")
            return
        }
        #expect(forwarded.headers["connection"].first == connection)
        _ = try channel.finish()
    }
}
