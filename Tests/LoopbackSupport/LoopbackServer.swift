import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// A Hummingbird server on a free loopback port, for the stand-ins that play third-party services
/// in the live clients' suites (jsonplaceholder, GitHub).
public final class LoopbackServer: Sendable {
    public let port: Int
    private let running: Mutex<(group: ServiceGroup, task: Task<Void, Never>)?>

    private init(port: Int, group: ServiceGroup, task: Task<Void, Never>) {
        self.port = port
        running = Mutex((group, task))
    }

    /// Starts `router` and returns once the server accepts connections.
    public static func start(router: Router<BasicRequestContext>, serverName: String) async throws -> LoopbackServer {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "stand-in")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: serverName),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger)
        // Stopped by a graceful shutdown, never by cancellation: cancelling drops connections
        // accepted but not yet handled, which NIO traps on in debug builds.
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            do { try await group.run() } catch {}
            portContinuation.finish()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            await group.triggerGracefulShutdown()
            await task.value
            throw CancellationError()
        }
        return LoopbackServer(port: port, group: group, task: task)
    }

    /// Stops the server once the requests in flight are answered: its port is closed from then
    /// on, and a client sees "connection refused".
    public func stop() async {
        guard let running = running.withLock({ running in defer { running = nil }; return running }) else { return }
        await running.group.triggerGracefulShutdown()
        await running.task.value
    }
}
