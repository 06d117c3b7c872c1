import Foundation
import Upstream

/// Everything that can go wrong for the GitHub screens (GH-4), as a closed set each screen
/// renders with a message, and a retry or a way back to sign-in.
public enum GitHubFailure: Error, Sendable, Hashable {
    /// The text is not a token; no request was made.
    case malformedToken(TokenProblem)
    /// No token is stored: the person must sign in.
    case signedOut
    /// GitHub refused the token (401): mistyped, expired or revoked. A stored one is forgotten.
    case badCredentials
    /// GitHub's rate limit is used up (a 403 with `x-ratelimit-remaining: 0`, or a 429); when it
    /// resets, if GitHub said.
    case rateLimited(resetsAt: Date?)
    /// 404: no such repository, or the token cannot see it.
    case notFound
    /// No connection to GitHub.
    case offline
    /// GitHub did not answer in time.
    case timedOut
    /// This device already has as many requests waiting for GitHub as it may; not asked.
    case busy
    /// 5xx, or a status the client does not expect.
    case server(status: Int)
    /// An answer that cannot be read (malformed JSON, a wrong shape, too large).
    case unreadable

    /// The failure an upstream failure means to the GitHub screens. A rejected answer (not what
    /// was asked for, or too large) is `.unreadable`.
    public init(_ failure: UpstreamFailure) {
        switch failure {
        case .offline: self = .offline
        case .timedOut: self = .timedOut
        case .busy: self = .busy
        case .badCredentials: self = .badCredentials
        case .rateLimited(let resetsAt): self = .rateLimited(resetsAt: resetsAt)
        case .notFound: self = .notFound
        case .server(let status): self = .server(status: status)
        case .unreadable, .rejected: self = .unreadable
        }
    }

    /// `error` as a `GitHubFailure`: itself, a mapped `UpstreamFailure`, `.malformedToken` for a
    /// `TokenProblem`, and `.unreadable` for anything else (a `DecodingError`, an unknown error).
    /// Callers handle `CancellationError` before asking.
    public init(catching error: any Error) {
        switch error {
        case let failure as GitHubFailure: self = failure
        case let failure as UpstreamFailure: self = GitHubFailure(failure)
        case let problem as TokenProblem: self = .malformedToken(problem)
        default: self = .unreadable
        }
    }

    /// Whether the way out is the sign-in screen rather than a retry (GH-1).
    public var requiresSignIn: Bool {
        switch self {
        case .malformedToken, .signedOut, .badCredentials: true
        default: false
        }
    }
}
