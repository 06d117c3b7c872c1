import Upstream

/// The `UpstreamFailure` `body` threw; nil when it threw none, or something else.
func upstreamFailure(_ body: () async throws -> Void) async -> UpstreamFailure? {
    do {
        try await body()
        return nil
    } catch {
        return error as? UpstreamFailure
    }
}
