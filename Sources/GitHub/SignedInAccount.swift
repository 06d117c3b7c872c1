import Foundation
import Localization

/// Who is signed in, as the list and the sign-out question show it (issue 37, as GitHub Mobile
/// does): the login, the profile picture, and the question "Sign Out" asks first. A pure value
/// the web face draws; without a user (GET /user failed) only the question, without a name.
public struct SignedInAccount: Sendable, Hashable {
    public let login: String?
    public let name: String?
    /// GitHub's address of the picture; the web face shows it through its image proxy.
    public let avatarURL: URL?
    /// "Signed in as", before the login.
    public let caption: String
    /// The picture's alternative text: "Profile picture of octocat".
    public let avatarLabel: String
    /// The sign-out question's title and message, and its red button.
    public let signOutTitle: String
    public let signOutMessage: String
    public let signOutAction: String

    public init(user: GitHubUser?, catalogue: Catalogue) {
        login = user?.login
        name = user?.name.flatMap { $0.isEmpty ? nil : $0 }
        avatarURL = user?.avatarURL
        caption = catalogue.text("github.account.signedInAs")
        avatarLabel = catalogue.text("github.account.avatar", ["login": user?.login ?? ""])
        signOutTitle = catalogue.text("github.signOut.title")
        signOutMessage = user.map { catalogue.text("github.signOut.message", ["login": $0.login]) }
            ?? catalogue.text("github.signOut.messageNoLogin")
        signOutAction = catalogue.text("github.action.signOut")
    }
}
