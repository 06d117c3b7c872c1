import GitHub
import WebShell

/// Who is signed in (issue 37): the profile picture, through the README image proxy like every
/// other picture from GitHub, and the login, over the list; and the question "Sign Out" asks.
struct AccountView {
    let account: SignedInAccount
    /// The picture's same-origin address; nil when there is no picture or no proxy.
    let avatarAddress: String?

    /// "Signed in as octocat", with the picture, over the list. The picture is decorative
    /// here: the login beside it says whose it is.
    var summary: HTML {
        .div(.class("list-section github-account")) {
            HTML.div(.class("list-section__body github-account__body")) {
                if let avatarAddress {
                    HTML.img(.class("github-account__avatar"), .attr("src", avatarAddress), .attr("alt", ""),
                             .attr("width", "40"), .attr("height", "40"))
                }
                HTML.p(.class("github-account__text")) {
                    HTML.span(.class("github-account__caption")) { account.caption }
                    " "
                    HTML.strong(.class("github-account__login"), .attr("dir", "auto")) { account.login ?? "" }
                }
            }
        }
    }

    /// The action sheet "Sign Out" opens: whose account, and the red button that posts.
    func signOutQuestion(cancel: String, _ page: PageContext) -> HTML {
        ActionSheet(
            title: account.signOutTitle, message: account.signOutMessage, destructiveLabel: account.signOutAction,
            action: GitHubPath.signOut.path, cancel: Link(href: cancel, label: page.t("shell.action.cancel")),
            picture: avatarAddress.map { (src: $0, alt: account.avatarLabel) }
        ).html(page)
    }
}
