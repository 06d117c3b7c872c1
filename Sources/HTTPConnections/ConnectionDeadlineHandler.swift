import Logging
import NIOCore
import NIOHTTP1

/// Sits right after the HTTP/1 decoder of every connection and closes the ones that hold the
/// server without making progress: no complete request head within `headerTimeout` of connecting,
/// or a request body arriving slower than `minimumBodyRate`. When the server starts stopping, a
/// body still being read gets `shutdownGrace` to finish, so one stalled upload cannot hold a
/// graceful shutdown open. A client that stops reading its answer (the socket stays unwritable)
/// is cut after `idleTimeout`. It also makes an HTTP/1.0 request without keep-alive say
/// `Connection: close`, so the server closes that connection after answering, as HTTP/1.0 expects.
/// (Idle keep-alive connections are closed by Hummingbird's `HTTPConnectionStateHandler`.)
final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Phase {
        /// Connected, the first request head not complete yet.
        case awaitingFirstHead
        /// A head arrived at `since`; its body (if any) has delivered `received` bytes so far.
        case readingBody(since: NIODeadline, received: Int)
        /// The request is read; the server is answering it or waiting for the next one.
        case answered
    }

    private let limits: ConnectionLimits
    private let logger: Logger
    private var phase = Phase.awaitingFirstHead
    private var stopping = false
    private var timer: Scheduled<Void>?
    private var stalledWrite: Scheduled<Void>?

    init(limits: ConnectionLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armHeaderTimer(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        stalledWrite?.cancel()
    }

    func channelActive(context: ChannelHandlerContext) {
        armHeaderTimer(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        stalledWrite?.cancel()
        context.fireChannelInactive()
    }

    /// The socket's buffers are full: the client is not reading what it asked for.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        stalledWrite?.cancel()
        stalledWrite = nil
        if !context.channel.isWritable {
            let loop = context.eventLoop.assumeIsolated()
            stalledWrite = loop.scheduleTask(in: TimeAmount(limits.idleTimeout)) { [self] in
                stalledWrite = nil
                close(context, reason: "the client stopped reading its answer")
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            cancelTimer()
            phase = .readingBody(since: context.eventLoop.now, received: 0)
            if !head.isKeepAlive {
                head.headers.replaceOrAdd(name: "connection", value: "close")
                context.fireChannelRead(wrapInboundOut(.head(head)))
                return
            }
        case .body(let bytes):
            if case .readingBody(let since, let received) = phase {
                phase = .readingBody(since: since, received: received + bytes.readableBytes)
            }
        case .end:
            cancelTimer()
            phase = .answered
        }
        context.fireChannelRead(data)
    }

    /// A request's head and end usually come in one read: the body timer is armed only when a
    /// read ends with a body still to come, so a GET costs no timer.
    func channelReadComplete(context: ChannelHandlerContext) {
        if case .readingBody = phase, timer == nil { armBodyTimer(context) }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            stopping = true
            if case .readingBody = phase {
                cancelTimer()
                armBodyTimer(context)
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func armHeaderTimer(_ context: ChannelHandlerContext) {
        guard case .awaitingFirstHead = phase, timer == nil else { return }
        schedule(context, at: context.eventLoop.now + TimeAmount(limits.headerTimeout)) { handler, context in
            guard case .awaitingFirstHead = handler.phase else { return }
            handler.close(context, reason: "no complete request head in time")
        }
    }

    private func armBodyTimer(_ context: ChannelHandlerContext) {
        guard case .readingBody(let since, let received) = phase else { return }
        var deadline = limits.bodyDeadline(head: since, received: received)
        if stopping { deadline = min(deadline, context.eventLoop.now + TimeAmount(limits.shutdownGrace)) }
        schedule(context, at: deadline) { handler, context in
            guard case .readingBody(_, let delivered) = handler.phase else { return }
            if delivered > received && !handler.stopping {
                handler.armBodyTimer(context)
            } else {
                handler.close(context, reason: handler.stopping ? "body unfinished at shutdown" : "request body too slow")
            }
        }
    }

    private func schedule(
        _ context: ChannelHandlerContext, at deadline: NIODeadline,
        _ fire: @escaping (ConnectionDeadlineHandler, ChannelHandlerContext) -> Void
    ) {
        let loop = context.eventLoop.assumeIsolated()
        timer = loop.scheduleTask(deadline: deadline) { [self] in
            timer = nil
            fire(self, context)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    private func close(_ context: ChannelHandlerContext, reason: String) {
        logger.info("Closing a slow connection", metadata: ["reason": "\(reason)"])
        context.close(promise: nil)
    }
}
