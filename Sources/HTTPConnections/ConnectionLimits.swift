import NIOCore

/// How long the server waits for slow or stalled clients before it closes their connection.
public struct ConnectionLimits: Sendable, Equatable {
    /// A new connection must send a complete request head within this time.
    public var headerTimeout: Duration
    /// A kept-alive connection may wait this long for its next request.
    public var idleTimeout: Duration
    /// After a grace of `headerTimeout` from its head, a request body must keep arriving at this
    /// many bytes per second on average, or the connection is closed (a slow-body attack holds a
    /// request, and with it graceful shutdown, open for as long as it trickles).
    public var minimumBodyRate: Int
    /// Once the server is stopping, a request whose body is still being read gets this long to
    /// finish sending it.
    public var shutdownGrace: Duration

    public init(
        headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30),
        minimumBodyRate: Int = 1024, shutdownGrace: Duration = .seconds(2)
    ) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.minimumBodyRate = max(1, minimumBodyRate)
        self.shutdownGrace = shutdownGrace
    }

    /// The moment by which a body whose head arrived at `head` must have delivered one byte more
    /// than the `received` it has, to keep up the minimum rate after the grace.
    func bodyDeadline(head: NIODeadline, received: Int) -> NIODeadline {
        let seconds = Double(received + 1) / Double(minimumBodyRate)
        return head + TimeAmount(headerTimeout) + .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
    }
}
