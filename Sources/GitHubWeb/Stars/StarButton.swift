import GitHub
import WebShell

/// The repository's Star / Unstar button (issue 49): a form that posts to our server with the
/// device's CSRF token, so it works without a script; or the sentence saying why there is none.
/// After a change GitHub refused, that sentence comes back as an alert.
enum StarButton {
    static func html(_ control: StarControl, repositoryID: Int, _ page: PageContext) -> HTML {
        .div(.class("repo-star")) {
            if let message = control.message { HTML.p(.class("repo-star__message"), .attr("role", "alert")) { message } }
            switch control.content {
            case .button(let title, let star, let isStarred):
                HTML.form(.class("repo-star__form"), .attr("method", "post"), .attr("action", GitHubPath.star.link(repositoryID))) {
                    CSRFInput.html(page)
                    HTML.input(.type("hidden"), .name("star"), .value(star ? "1" : "0"))
                    HTML.button(.class(isStarred ? "button repo-star__button is-starred" : "button repo-star__button"), .type("submit")) {
                        GitHubIcons.star
                        HTML.span { title }
                    }
                }
            case .note(let text):
                if control.message != text { HTML.p(.class("repo-star__note")) { text } }
            }
        }
    }
}
