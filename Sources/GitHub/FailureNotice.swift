import Foundation
import Localization

/// A failure as a screen shows it (GH-4): a title, a sentence, and the one action that helps:
/// "Try Again", or "Sign In" when the token is missing or refused.
public struct FailureNotice: Sendable, Hashable {
    public let title: String
    public let message: String
    /// "Try Again", or "Sign In" when `requiresSignIn`.
    public let actionTitle: String
    /// The way out is the sign-in screen (no token, or GitHub refused it), not a retry.
    public let requiresSignIn: Bool
    public let failure: GitHubFailure

    /// - Parameters:
    ///   - titleKey: the catalogue key of the screen's title for this failure.
    ///   - timeZone: the person's, for the time a rate limit resets.
    ///   - now: the current time (injected).
    ///   - notFoundKey: the sentence for `.notFound` when the screen shows something other than a
    ///     repository (a file or folder, a commit: issue 49); nil for the repository's.
    public init(
        _ failure: GitHubFailure, titleKey: String, catalogue: Catalogue, timeZone: TimeZone, now: Date, notFoundKey: String? = nil
    ) {
        self.failure = failure
        title = catalogue.text(titleKey)
        if failure == .notFound, let notFoundKey {
            message = catalogue.text(notFoundKey)
        } else {
            message = Self.message(for: failure, catalogue: catalogue, timeZone: timeZone, now: now)
        }
        requiresSignIn = failure.requiresSignIn
        actionTitle = catalogue.text(failure.requiresSignIn ? "github.action.signIn" : "github.action.retry")
    }

    /// A sentence explaining `failure` in the catalogue's language. A rate limit says when it
    /// resets, in `timeZone`: the time if that is today, else the day and time.
    public static func message(for failure: GitHubFailure, catalogue: Catalogue, timeZone: TimeZone, now: Date) -> String {
        switch failure {
        case .malformedToken(.empty): catalogue.text("github.failure.malformedToken.empty")
        case .malformedToken(.containsSpaces): catalogue.text("github.failure.malformedToken.containsSpaces")
        case .malformedToken(.unrecognised): catalogue.text("github.failure.malformedToken.unrecognised")
        case .signedOut: catalogue.text("github.failure.signedOut")
        case .badCredentials: catalogue.text("github.failure.badCredentials")
        case .rateLimited(let resetsAt?) where resetsAt > now:
            catalogue.text(
                "github.failure.rateLimited.until",
                ["time": DateText(catalogue: catalogue, timeZone: timeZone).moment(resetsAt, now: now)])
        case .rateLimited: catalogue.text("github.failure.rateLimited.later")
        case .notFound: catalogue.text("github.failure.notFound")
        case .offline: catalogue.text("github.failure.offline")
        case .timedOut: catalogue.text("github.failure.timedOut")
        case .busy: catalogue.text("github.failure.busy")
        case .server(let status): catalogue.text("github.failure.server", ["status": String(status)])
        case .unreadable: catalogue.text("github.failure.unreadable")
        }
    }
}
