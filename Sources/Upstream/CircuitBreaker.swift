import Synchronization

/// A breaker per host (PH-4, PH-14; GitHub's README images, GH-3), so a dead image host costs a few
/// timeouts rather than one per image. After `threshold` consecutive failures that say the host is unwell (offline, timed
/// out, 5xx) the host is *open*: requests fail fast, without a fetch, for `coolDown`. Then it is
/// *half-open*: one trial request goes through (others still fail fast); its success closes the
/// breaker, its failure opens it for another cool-down. Any answer from the host (an image, a 404,
/// a 403, a redirect we refuse to follow, a rejected body) counts as a success: the host is alive.
/// Times come from the injected `now` (monotonic time since an arbitrary origin), so tests move
/// time by hand.
///
/// The pipelines key it by origin, `scheme://host:port` (`UpstreamFault.origin(of:)`), and record
/// against the origin an `UpstreamFault` names (issue 33, item 5): a README naming `host:1` trips
/// only `http://host:1`, never the images of `https://host`.
public final class CircuitBreaker: Sendable {
    public enum State: Sendable, Hashable {
        case closed(consecutiveFailures: Int)
        /// Failing fast until `until` on the breaker's clock.
        case open(until: Duration)
        /// The cool-down is over: the next request (or the one under way) is the trial.
        case halfOpen
    }

    public enum Permission: Sendable, Hashable {
        /// Go ahead.
        case allowed
        /// Go ahead as the half-open trial; report how it went.
        case trial
        /// Fail fast with the failure that opened the breaker.
        case rejected(UpstreamFailure)
    }

    private struct Host {
        var consecutiveFailures = 0
        var openUntil: Duration?
        var trialStartedAt: Duration?
        var lastFailure: UpstreamFailure = .offline
    }

    public let threshold: Int
    public let coolDown: Duration
    private let readNow: @Sendable () -> Duration
    private let hosts = Mutex<[String: Host]>([:])

    public init(threshold: Int = 3, coolDown: Duration = .seconds(30), now: @escaping @Sendable () -> Duration) {
        self.threshold = max(1, threshold)
        self.coolDown = coolDown
        self.readNow = now
    }

    /// A breaker on the continuous clock, counted from its creation.
    public convenience init(threshold: Int = 3, coolDown: Duration = .seconds(30)) {
        let origin = ContinuousClock.now
        self.init(threshold: threshold, coolDown: coolDown, now: { origin.duration(to: ContinuousClock.now) })
    }

    /// Whether the failures that trip the breaker include `failure`.
    public static func counts(_ failure: UpstreamFailure) -> Bool {
        switch failure {
        case .offline, .timedOut: true
        // 5xx is the host unwell; any other status it answers (a 403, a redirect loop) is a live host.
        case .server(let status): status >= 500
        case .badCredentials, .rateLimited, .notFound, .unreadable, .rejected, .busy: false
        }
    }

    /// Asks to send a request to `host`. A `.trial` must be followed by `recordSuccess` or
    /// `recordFailure`; should it never be, another trial is let through after a further cool-down.
    public func permission(for host: String) -> Permission {
        let now = readNow()
        return hosts.withLock { hosts in
            guard var state = hosts[host], let openUntil = state.openUntil else { return .allowed }
            if now < openUntil { return .rejected(state.lastFailure) }
            if let trial = state.trialStartedAt, now < trial + coolDown { return .rejected(state.lastFailure) }
            state.trialStartedAt = now
            hosts[host] = state
            return .trial
        }
    }

    /// The host answered: the breaker closes and the count starts again.
    public func recordSuccess(for host: String) {
        _ = hosts.withLock { $0.removeValue(forKey: host) }
    }

    /// A request to `host` failed with `failure`; failures that do not count are successes.
    public func recordFailure(_ failure: UpstreamFailure, for host: String) {
        guard Self.counts(failure) else { return recordSuccess(for: host) }
        let now = readNow()
        hosts.withLock { hosts in
            var state = hosts[host] ?? Host()
            state.lastFailure = failure
            if state.openUntil != nil {
                // A failed trial (or a straggler sent before the breaker opened): open again.
                state.openUntil = now + coolDown
                state.trialStartedAt = nil
            } else {
                state.consecutiveFailures += 1
                if state.consecutiveFailures >= threshold {
                    state.openUntil = now + coolDown
                    state.consecutiveFailures = 0
                }
            }
            hosts[host] = state
        }
    }

    /// A fetch of a URL of `origin` failed with `fault`: it is held against the origin it names,
    /// and none when it names none (a refusal of ours, a wait for a turn). When it names another
    /// origin, `origin` answered with the redirect there: it is alive.
    public func record(_ fault: UpstreamFault, askedOf origin: String) {
        guard let blamed = fault.origin else { return }
        recordFailure(fault.failure, for: blamed)
        if blamed != origin { recordSuccess(for: origin) }
    }

    /// Where `host` stands now.
    public func state(for host: String) -> State {
        let now = readNow()
        return hosts.withLock { hosts in
            guard let state = hosts[host] else { return .closed(consecutiveFailures: 0) }
            guard let openUntil = state.openUntil else { return .closed(consecutiveFailures: state.consecutiveFailures) }
            return now < openUntil ? .open(until: openUntil) : .halfOpen
        }
    }
}
