import ServiceLifecycle

/// A live client as a service of the server's `ServiceGroup`, stopped once the group shuts down.
/// The application lists its services before the HTTP server, and a group stops its services in
/// reverse, so a client closes only after the last request is answered.
struct ClientService: Service {
    let stop: @Sendable () async -> Void

    func run() async throws {
        // Cancellation ends the wait too; the client is stopped either way.
        try? await gracefulShutdown()
        await stop()
    }
}
