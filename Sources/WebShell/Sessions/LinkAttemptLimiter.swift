import Foundation
import Synchronization

/// Bounds how fast link secrets can be guessed (issue 36), per server; a try that finds nothing
/// (a code or link that is not good) spends one, both when asking and when confirming:
///
/// - **Per client address** (an IPv6 /64): 5 wrong tries at once, then one a minute, so at most 15 in a
///   code's 10 minutes. A person who mistypes a code a few times is never held up.
/// - **Codes from all addresses together**: 60 wrong tries at once, then one a second, so at most 660 in
///   a code's 10 minutes however many addresses a guesser has.
///
/// Why a guess is hopeless: a code is one of 2⁴⁰ ≈ 1.1 × 10¹² and is good for 10 minutes and one
/// use, so with S servers behind one nginx and K codes alive at once, the chance that any guess in
/// those 10 minutes hits any code is at most 660 · S · K / 2⁴⁰: with 4 servers and 1,000 codes
/// alive at once, 2.4 × 10⁻⁶, and 2.4 × 10⁻⁹ for one given code. A guesser who blocks the
/// deck-wide bucket only delays linking by code (the link still works); the link's token is 128
/// bits (2¹²⁸ ≈ 3.4 × 10³⁸), which no rate of guessing reaches, so it counts per address only.
///
/// Each code is also good for one redemption only: the first `POST /link` that confirms it takes
/// it (`SessionStore.redeemLink`), and no try after that finds it.
final class LinkAttemptLimiter: Sendable {
    static let perAddress = WriteRate(burst: 5, perSecond: 1.0 / 60)
    static let codesFromEveryone = WriteRate(burst: 60, perSecond: 1)

    private struct State {
        var addresses = RateLimiter<ClientAddress>(rate: LinkAttemptLimiter.perAddress, capacity: 50_000)
        var everyone = RateLimiter<Int>(rate: LinkAttemptLimiter.codesFromEveryone, capacity: 8)
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Double

    init(now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.now = now
    }

    /// The seconds `address` must wait before its next try (for a code, also everyone's); nil
    /// when it may try now. A client without an address counts as one.
    func wait(address: ClientAddress?, isCode: Bool) -> Double? {
        let key = address ?? ClientAddress("unknown")
        let at = now()
        return state.withLock { state in
            let wait = max(state.addresses.wait(for: key, at: at), isCode ? state.everyone.wait(for: 0, at: at) : 0)
            return wait == 0 ? nil : wait.rounded(.up)
        }
    }

    /// Counts a try that found nothing: only wrong guesses spend tries, so a person who links
    /// browser after browser from one network is never held up.
    func failed(address: ClientAddress?, isCode: Bool) {
        let key = address ?? ClientAddress("unknown")
        let at = now()
        state.withLock { state in
            state.addresses.take(key, at: at)
            if isCode { state.everyone.take(0, at: at) }
        }
    }
}
