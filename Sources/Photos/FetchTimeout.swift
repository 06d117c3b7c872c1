import Upstream

/// Runs `operation` against a deadline on `clock` (PH-4, PH-14): its value when it finishes first,
/// `UpstreamFailure.timedOut` when `timeout` passes first. A task group races the two and cancels
/// the loser, so `operation` must honour cancellation (AsyncHTTPClient's requests do).
public func withFetchTimeout<T: Sendable>(
    _ timeout: Duration, clock: any PhotosClock, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await clock.sleep(for: timeout)
            throw UpstreamFailure.timedOut
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}
