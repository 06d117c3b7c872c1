import Foundation
import Localization

/// What the sign-in screen shows (GH-1, GH-4, GH-7): the token field, what kind of token to make
/// and where, and why the last attempt failed. A pure value the web face draws.
public struct SignInScreen: Sendable, Hashable {
    /// Where GitHub makes personal access tokens.
    public static let tokenSettingsURL = URL(string: "https://github.com/settings/tokens")!

    public struct Link: Sendable, Hashable {
        public let title: String
        public let url: URL
    }

    public let title: String
    public let fieldLabel: String
    /// Short enough for the narrowest field in every language ("ghp_…"); `hint` says the rest.
    public let placeholder: String
    /// Under the field: what the two kinds of token start with (issue 37).
    public let hint: String
    public let buttonTitle: String
    /// Paragraphs, in order: what the token is for; the scopes of a classic token (`repo` for
    /// private repositories, `public_repo` or none for public ones); the permissions of a
    /// fine-grained one (Metadata and Contents, read-only); where to make one; how it is kept.
    public let help: [String]
    /// GitHub's token settings page.
    public let tokenSettingsLink: Link
    /// The last attempt's failure, or a reason the person was sent back here; nil at first.
    public let error: FailureNotice?
    /// "Sign in with GitHub" (issue 49), offered first when the server has an OAuth app's client
    /// id; the token field then stays as the second way. nil without one.
    public let deviceFlow: DeviceFlowOffer?

    /// The device flow's button, what it does, and the heading that leads on to the token field.
    public struct DeviceFlowOffer: Sendable, Hashable {
        public let buttonTitle: String
        public let note: String
        /// "Or paste a personal access token".
        public let tokenHeading: String
    }

    /// - Parameters:
    ///   - failure: why the last sign-in failed, or why a screen sent the person back here.
    ///   - timeZone: the person's, for the time a rate limit resets.
    ///   - now: the current time (injected).
    ///   - offersDeviceFlow: whether "Sign in with GitHub" is offered (a client id is configured).
    public init(failure: GitHubFailure? = nil, offersDeviceFlow: Bool = false, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        title = catalogue.text("github.signIn.title")
        fieldLabel = catalogue.text("github.signIn.field")
        placeholder = catalogue.text("github.signIn.placeholder")
        hint = catalogue.text("github.signIn.hint")
        buttonTitle = catalogue.text("github.signIn.button")
        help = ["intro", "classic", "fineGrained", "where", "privacy"].map { catalogue.text("github.signIn.help.\($0)") }
        tokenSettingsLink = Link(title: catalogue.text("github.signIn.help.link"), url: Self.tokenSettingsURL)
        deviceFlow = offersDeviceFlow
            ? DeviceFlowOffer(
                buttonTitle: catalogue.text("github.signIn.device.button"), note: catalogue.text("github.signIn.device.note"),
                tokenHeading: catalogue.text("github.signIn.device.or"))
            : nil
        error = failure.map {
            FailureNotice($0, titleKey: "github.signIn.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now)
        }
    }
}
