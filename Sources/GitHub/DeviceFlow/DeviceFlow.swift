import Foundation

/// One pending "Sign in with GitHub" (issue 49) as pure state: the code shown, how often GitHub
/// may be polled, and how the flow ends. Time is always passed in, so every rule is tested with
/// a clock moved by hand.
///
/// - The first poll waits one `interval` (the person needs that long anyway to type the code).
/// - A poll may be sent only while waiting, none is in flight, `nextPollAt` has come and the
///   code has not expired: `beginPoll` says whether, and moves `nextPollAt` on at once, so two
///   requests at the same moment cannot both poll.
/// - `slow_down` adds 5 seconds to the interval (or takes GitHub's new `interval`, if longer).
/// - `expired_token`, `access_denied`, `device_flow_disabled` and the other codes end it; so does
///   the code's expiry on our own clock, without asking GitHub.
public struct DeviceFlow: Sendable, Hashable {
    public enum State: Sendable, Hashable {
        /// Waiting for the person to enter the code at GitHub.
        case waiting
        /// GitHub granted a token; the server signs in with it next.
        case authorized(DeviceFlowSecret)
        case ended(DeviceFlowEnd)
    }

    /// What GitHub's `slow_down` adds to the interval, in seconds.
    public static let slowDownStep = 5
    /// The interval when GitHub names none (RFC 8628's default).
    public static let defaultInterval = 5

    public let userCode: String
    public let verificationURI: URL
    /// Kept on the server only.
    public let deviceCode: DeviceFlowSecret
    public let startedAt: Date
    public let expiresAt: Date
    /// Seconds between two polls, at least GitHub's `interval`.
    public private(set) var interval: Int
    /// The earliest moment the next poll may be sent.
    public private(set) var nextPollAt: Date
    public private(set) var state: State = .waiting
    /// Whether a poll is on its way to GitHub now.
    public private(set) var isPolling = false
    /// The last poll's failure that does not end the flow (no connection, a timeout): said on
    /// the screen, and the poll is tried again after the interval.
    public private(set) var problem: GitHubFailure?
    /// How many polls were sent (for the tests and the log).
    public private(set) var polls = 0

    public init(_ authorization: DeviceAuthorization, startedAt now: Date) {
        userCode = authorization.userCode
        verificationURI = authorization.verificationURI
        deviceCode = authorization.deviceCode
        startedAt = now
        interval = authorization.interval > 0 ? authorization.interval : Self.defaultInterval
        expiresAt = now.addingTimeInterval(TimeInterval(max(authorization.expiresIn, 0)))
        nextPollAt = now.addingTimeInterval(TimeInterval(interval))
    }

    public var isWaiting: Bool { state == .waiting }

    /// Whether a poll may be sent at `now`.
    public func mayPoll(at now: Date) -> Bool {
        state == .waiting && !isPolling && now >= nextPollAt && now < expiresAt
    }

    /// Ends a waiting flow whose code has expired at `now`.
    public mutating func expire(at now: Date) {
        if state == .waiting, now >= expiresAt {
            state = .ended(.expired)
            isPolling = false
        }
    }

    /// Marks a poll as sent at `now` when one may be (see `mayPoll`); false, changing nothing but
    /// the expiry, when not.
    public mutating func beginPoll(at now: Date) -> Bool {
        expire(at: now)
        guard mayPoll(at: now) else { return false }
        isPolling = true
        polls += 1
        nextPollAt = now.addingTimeInterval(TimeInterval(interval))
        return true
    }

    /// What GitHub answered the poll begun last, received at `now`. The next poll waits a whole
    /// interval from the answer.
    public mutating func record(_ answer: DeviceTokenAnswer, at now: Date) {
        isPolling = false
        problem = nil
        guard state == .waiting else { return }
        switch answer {
        case .pending:
            wait(from: now)
        case .slowDown(let given):
            interval = max(interval + Self.slowDownStep, given ?? 0)
            wait(from: now)
        case .granted(let token):
            state = .authorized(token)
        case .ended(let end):
            state = .ended(end)
        }
        expire(at: now)
    }

    /// A poll that failed on the way (no connection, a timeout, an unreadable answer): the flow
    /// goes on waiting, says why, and tries again after the interval.
    public mutating func recordProblem(_ failure: GitHubFailure, at now: Date) {
        isPolling = false
        guard state == .waiting else { return }
        problem = failure
        wait(from: now)
        expire(at: now)
    }

    /// The poll begun last never got an answer (its request was cancelled): the next may be
    /// sent at the time already set.
    public mutating func abandonPoll() {
        isPolling = false
    }

    /// Ends the flow (the token GitHub granted could not be used, say).
    public mutating func end(_ end: DeviceFlowEnd) {
        isPolling = false
        state = .ended(end)
    }

    /// Whole seconds until the code expires, never negative.
    public func secondsLeft(at now: Date) -> Int {
        max(Int(expiresAt.timeIntervalSince(now).rounded(.up)), 0)
    }

    /// Whole seconds until a poll may be sent, never negative.
    public func secondsUntilNextPoll(at now: Date) -> Int {
        max(Int(nextPollAt.timeIntervalSince(now).rounded(.up)), 0)
    }

    private mutating func wait(from now: Date) {
        nextPollAt = max(nextPollAt, now.addingTimeInterval(TimeInterval(interval)))
    }
}
