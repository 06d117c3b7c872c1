import GitHub
import Hummingbird
import WebShell

/// What every GitHub screen answers besides itself: sign-in when only that cures the failure,
/// and the status a page carries for a failure upstream.
enum GitHubAnswers {
    /// Sign-in, saying why, when a screen cannot be shown without it.
    static func signIn(after failure: GitHubFailure?) -> SeeOther? {
        switch failure {
        case .signedOut?: SeeOther(GitHubPath.signIn(reason: nil))
        case .badCredentials?: SeeOther(GitHubPath.signIn(reason: .badCredentials))
        default: nil
        }
    }

    static func status<Value>(of loadable: Loadable<Value>) -> HTTPResponse.Status {
        if case .failed(let failure) = loadable { return status(for: failure) }
        return .ok
    }

    /// The status of a screen showing `notice` in place of its content; 200 without one.
    static func status(showing notice: FailureNotice?) -> HTTPResponse.Status {
        notice.map { status(for: $0.failure) } ?? .ok
    }

    /// The status a page answers with for a failure upstream: the person's fault (4xx) or GitHub's (502, 503, 504).
    static func status(for failure: GitHubFailure) -> HTTPResponse.Status {
        switch failure {
        case .malformedToken: .unprocessableContent
        case .signedOut, .badCredentials: .unauthorized
        case .rateLimited: .tooManyRequests
        case .notFound: .notFound
        case .offline, .server, .unreadable: .badGateway
        case .timedOut: .gatewayTimeout
        case .busy: .serviceUnavailable
        }
    }
}
