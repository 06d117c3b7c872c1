import Foundation
import Localization

/// What the "Sign in with GitHub" screen shows (issue 49): the code to type, large, and where to
/// type it, while the flow waits; or why it ended, with a way to start again or to paste a token
/// instead. A pure value the web face draws.
public struct DeviceSignInScreen: Sendable, Hashable {
    /// The code and where to enter it, while waiting.
    public struct Code: Sendable, Hashable {
        public let userCode: String
        public let verificationURI: URL
        /// "Open github.com/login/device".
        public let linkTitle: String
        /// "Enter this code at GitHub:" etc., in order.
        public let steps: [String]
        /// "Waiting for you to enter the code…", or the last poll's problem.
        public let status: String
        /// "The code expires in 15 minutes."
        public let expiry: String
        /// Seconds the page's script waits before it asks again.
        public let pollSeconds: Int
    }

    /// Why the flow ended, and the way out.
    public struct Ending: Sendable, Hashable {
        public let title: String
        public let message: String
    }

    public let title: String
    public let code: Code?
    public let ending: Ending?
    public let copyTitle: String
    public let copiedTitle: String
    public let checkTitle: String
    public let startAgainTitle: String
    /// "Use a Token Instead": the sign-in screen's token field.
    public let tokenTitle: String

    /// A waiting flow's screen, or an ended one's.
    public init(flow: DeviceFlow, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        switch flow.state {
        case .waiting, .authorized:
            let problem = flow.problem.map {
                FailureNotice.message(for: $0, catalogue: catalogue, timeZone: timeZone, now: now) + " "
                    + catalogue.text("github.device.stillWaiting")
            }
            let minutes = max((flow.secondsLeft(at: now) + 59) / 60, 1)
            let host = Self.address(flow.verificationURI)
            self.init(
                code: Code(
                    userCode: flow.userCode,
                    verificationURI: flow.verificationURI,
                    linkTitle: catalogue.text("github.device.open", ["address": host]),
                    steps: [catalogue.text("github.device.step.open", ["address": host]), catalogue.text("github.device.step.enter"),
                            catalogue.text("github.device.step.return")],
                    status: problem ?? catalogue.text("github.device.waiting"),
                    expiry: catalogue.plural("github.device.expiresIn", count: minutes),
                    pollSeconds: max(flow.secondsUntilNextPoll(at: now), 1)),
                ending: nil, catalogue: catalogue)
        case .ended(let end):
            self.init(ending: end, catalogue: catalogue, timeZone: timeZone, now: now)
        }
    }

    /// The screen of a flow that ended, or could not start.
    public init(ending end: DeviceFlowEnd, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        self.init(code: nil, ending: Self.ending(end, catalogue: catalogue, timeZone: timeZone, now: now), catalogue: catalogue)
    }

    /// The screen of a flow GitHub could not be asked to start (no connection, a timeout).
    public init(failure: GitHubFailure, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        self.init(ending: .signInFailed(failure), catalogue: catalogue, timeZone: timeZone, now: now)
    }

    /// The screen after a browser came back to a flow this server does not have (it expired and
    /// was forgotten, or another server started it).
    public static func gone(catalogue: Catalogue) -> DeviceSignInScreen {
        DeviceSignInScreen(
            code: nil,
            ending: Ending(title: catalogue.text("github.device.ended.gone.title"), message: catalogue.text("github.device.ended.gone.message")),
            catalogue: catalogue)
    }

    private init(code: Code?, ending: Ending?, catalogue: Catalogue) {
        title = catalogue.text("github.device.title")
        self.code = code
        self.ending = ending
        copyTitle = catalogue.text("github.device.copy")
        copiedTitle = catalogue.text("github.device.copied")
        checkTitle = catalogue.text("github.device.check")
        startAgainTitle = catalogue.text("github.device.startAgain")
        tokenTitle = catalogue.text("github.device.useToken")
    }

    /// The address as a person reads it: no scheme, the port when there is one
    /// (`github.com/login/device`).
    static func address(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return host + (url.port.map { ":\($0)" } ?? "") + url.path
    }

    static func ending(_ end: DeviceFlowEnd, catalogue: Catalogue, timeZone: TimeZone, now: Date) -> Ending {
        let key: String = switch end {
        case .expired: "expired"
        case .denied: "denied"
        case .disabled: "disabled"
        case .incorrectClientCredentials: "incorrectClientCredentials"
        case .unsupportedGrantType, .incorrectDeviceCode, .unrecognised: "unrecognised"
        case .signInFailed: "signInFailed"
        }
        if case .signInFailed(let failure) = end {
            return Ending(
                title: catalogue.text("github.signIn.failedTitle"),
                message: FailureNotice.message(for: failure, catalogue: catalogue, timeZone: timeZone, now: now))
        }
        return Ending(title: catalogue.text("github.device.ended.\(key).title"), message: catalogue.text("github.device.ended.\(key).message"))
    }
}
