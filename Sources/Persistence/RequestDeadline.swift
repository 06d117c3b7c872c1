/// When the request being answered arrived, so that every store call it makes shares one deadline
/// (issue 33, found 12): a page that waits for a connection and then for a locked table waits the
/// store's bound once in all, not once for each. The web shell sets it for each request; a store
/// backend reads it. Work outside a request (migrations, loaders) has none and keeps each
/// statement's own bound.
public enum RequestDeadline {
    @TaskLocal public static var arrival: ContinuousClock.Instant?

    /// `body` as the answer to a request that arrived at `arrival`.
    public static func answering<Value>(
        since arrival: ContinuousClock.Instant = .now, _ body: () async throws -> Value
    ) async rethrows -> Value {
        try await $arrival.withValue(arrival, operation: body)
    }
}
