/// The time the Photos core reads and waits on (PH-4, PH-8, PH-10): fetch timeouts, the circuit
/// breaker's cool-down, fallback lifetimes and how long an action waits for the catalogue. Injected
/// so tests move time by hand instead of sleeping.
///
/// `now` is monotonic time since an arbitrary origin fixed by the clock; only differences between
/// two readings of the same clock mean anything.
public protocol PhotosClock: Sendable {
    /// Monotonic time since the clock's origin.
    var now: Duration { get }
    /// Suspends for `duration`; throws `CancellationError` when the waiting task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The production clock: `ContinuousClock`, counted from the moment this value was made.
public struct SystemPhotosClock: PhotosClock {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    public var now: Duration { origin.duration(to: ContinuousClock.now) }

    public func sleep(for duration: Duration) async throws {
        try await ContinuousClock().sleep(for: duration)
    }
}
