import Testing

/// Waits until `condition` holds, checking every millisecond for at most about 20 s (a bound so a
/// broken test fails instead of hanging; no test asserts how long it took). It sleeps rather than
/// yields, so on a busy two-core machine the tasks it waits for surely get to run.
public func eventually(_ condition: @Sendable () async -> Bool) async {
    for _ in 0..<20_000 {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("condition never held")
}
