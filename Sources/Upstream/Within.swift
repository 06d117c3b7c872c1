/// `operation`'s value, or nil when `timeout` passes first: the operation is then cancelled and
/// awaited. An HTTP client's own deadline stops at the answer's head; this one covers the body
/// too (cancelling the request closes its connection), and a wait for a turn ends with it.
public func within<Value: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value? {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}
