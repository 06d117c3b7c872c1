import Upstream

extension CircuitBreaker {
    /// A breaker reading Photos' injected clock (PH-4, PH-14): the thumbnail pipeline's, and the
    /// suites' manual one.
    public convenience init(threshold: Int = 3, coolDown: Duration = .seconds(30), clock: any PhotosClock) {
        self.init(threshold: threshold, coolDown: coolDown, now: { clock.now })
    }
}
