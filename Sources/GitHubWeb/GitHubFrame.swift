import GitHub
import WebShell

/// What every GitHub screen shares: its stylesheets (the app's and the language colours) and
/// its script.
enum GitHubFrame {
    static func document(title: String, _ page: PageContext) -> Document {
        var document = Document(title: "\(title) – \(page.t("github.title"))")
        document.showsTimes = true  // "Updated at …", and when a rate limit resets
        document.stylesheet = "css/github.css"
        document.head = [.link(.attr("rel", "stylesheet"), .href(LanguageStylesheet.href))]
        document.scripts = ["js/github.js"]
        return document
    }

    /// A failure in place of a screen (GH-4): its title and sentence, and "Try Again" (the same
    /// address) or "Sign In".
    static func failure(_ notice: FailureNotice, retry: String, _ page: PageContext) -> HTML {
        .section(.class("error-state github-failure"), .attr("role", "alert")) {
            HTML.h2(.class("error-state__title")) { notice.title }
            HTML.p(.class("error-state__message")) { notice.message }
            HTML.div(.class("error-state__actions")) {
                HTML.a(.class("button button--filled"), .href(notice.requiresSignIn ? GitHubPath.signIn.path : retry),
                       .flag("data-github-loading", when: !notice.requiresSignIn)) { notice.actionTitle }
            }
        }
    }

    /// The activity indicator the script shows while the next GitHub screen loads (GH-4).
    static func loadingOverlay(_ page: PageContext) -> HTML {
        .div(.class("github-loading"), .flag("hidden"), .attr("data-github-overlay", "")) {
            HTML.div(.class("github-loading__box"), .attr("role", "status")) {
                ActivityIndicator.html(page, large: true)
                HTML.span(.class("github-loading__label")) { page.t("shell.state.loading") }
            }
        }
    }
}
