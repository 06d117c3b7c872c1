import Hummingbird
import Synchronization

/// How a stand-in's routes reach the stand-in, which exists only once its server (and so its port)
/// does: the routes capture the reference, `start` starts the server, makes the stand-in and binds it.
public final class StandInReference<StandIn: Sendable>: Sendable {
    private let standIn = Mutex<StandIn?>(nil)

    public init() {}

    /// The stand-in; asked only by requests, which come once `start` has returned.
    public var value: StandIn { standIn.withLock { $0! } }

    /// Starts `router` on loopback and returns the stand-in `make` builds on the running server.
    public func start(
        router: Router<BasicRequestContext>, serverName: String, _ make: (LoopbackServer) -> StandIn
    ) async throws -> StandIn {
        let server = try await LoopbackServer.start(router: router, serverName: serverName)
        let made = make(server)
        standIn.withLock { $0 = made }
        return made
    }
}
