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
/// Beside these, in the database and so across every server: **per code**. A code is 12
/// characters (`LinkCode`): a 20-bit lookup, which names its link, and a 40-bit secret. A wrong
/// secret for a live lookup counts against that link, and its code works no more after 5
/// (`LinkGrant.wrongCodeLimit`); the link's token keeps working.
///
/// Why a guess is hopeless: to hit a given code a guesser must name its lookup and then its
/// secret within 5 tries, a chance of 5 / 2⁴⁰ ≈ 4.5 × 10⁻¹² per code over its whole life, however
/// many addresses and servers the tries come from. With K codes alive at once, a random guess
/// names a live lookup with a chance of K / 2²⁰ and each code absorbs at most 5 wrong tries, so
/// the chance that guessing ever opens any of M codes made is at most 5 · M / 2⁴⁰: a million codes
/// (more than a year of linking for a large deck) give 4.5 × 10⁻⁶. The limits above bound how fast
/// even that is tried (660 code guesses a server in 10 minutes name a live lookup about
/// 660 · K / 2²⁰ times: 0.6 for K = 1,000), and so also how fast a guesser can spend other people's
/// codes (each then makes a new code, or opens the link). The link's token is 128 bits
/// (2¹²⁸ ≈ 3.4 × 10³⁸), which no rate of guessing reaches, so it counts per address only.
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
