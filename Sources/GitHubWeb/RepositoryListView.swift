import GitHub
import Hummingbird
import WebShell

/// The list (GH-2, GH-4) and, when a repository is open, its detail beside it: side by side
/// where the screen is wide (an iPad in landscape, GH-5), the detail alone on a phone.
struct RepositoryListView {
    let list: RepositoryListScreen
    let detail: RepositoryDetailView?
    /// Who is signed in (issue 37): named over the list, and in the sign-out question.
    var account: AccountView? = nil
    /// Whether "Sign Out" was pressed: its action sheet asks first, over a list that takes no taps.
    var asksToSignOut = false

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        let title = detail.map { $0.screen.title.isEmpty ? list.title : $0.screen.title } ?? list.title
        return GitHubFrame.document(title: title, page).page(page, status: status) {
            if let detail {
                NavigationBar(title: title, back: .init(href: GitHubPath.list.path, label: detail.screen.backTitle)).html(page)
            } else {
                NavigationBar.appRoot(list.title, page).html(page)
            }
            HTML.main(.class(detail == nil ? "content github github-split" : "content github github-split github-split--detail"),
                      .flag("inert", when: asksToSignOut)) {
                HTML.section(.class("github-split__list"), .ariaLabel(list.title)) { listContent(page) }
                HTML.section(.class("github-split__detail"), .ariaLabel(detail == nil ? page.t("github.split.placeholder") : title)) {
                    if let detail {
                        detail.html(page)
                    } else {
                        HTML.p(.class("github-split__placeholder")) { page.t("github.split.placeholder") }
                    }
                }
            }
            GitHubFrame.loadingOverlay(page)
            if asksToSignOut, let account {
                account.signOutQuestion(cancel: detail.map { GitHubPath.repository.link($0.selectedID) } ?? GitHubPath.list.path, page)
            }
        }
    }

    private func listContent(_ page: PageContext) -> HTML {
        .fragment {
            if let account, account.account.login != nil { account.summary }
            RepositorySearchForm.html(query: "", page)
            switch list.content {
            case .loading(let label):
                HTML.p(.class("github-state")) { ActivityIndicator.html(page); " "; label }
            case .empty(let title, let message):
                EmptyState(title: title, message: message).html
            case .failed(let notice):
                GitHubFrame.failure(notice, retry: GitHubPath.list.path, page)
            case .loaded(let rows):
                HTML.div(.class("list-section")) {
                    if let caption = list.caption { HTML.h2(.class("list-section__header")) { caption } }
                    HTML.ul(.class("cells repo-list")) {
                        for row in rows { Self.row(row, isSelected: detail?.selectedID == row.id) }
                    }
                }
            }
            // "Sign Out" asks first (issue 37): it opens the question, whose red button posts.
            HTML.div(.class("list-section github-sign-out")) {
                HTML.div(.class("list-section__body")) {
                    HTML.a(.class("cell__button cell__button--destructive"), .href(GitHubPath.signOut.path)) { list.signOutTitle }
                }
            }
        }
    }

    /// A repository's row: the list's, and the search results' (issue 49), opening the repository's screen.
    static func row(_ row: RepositoryListScreen.Row, isSelected: Bool) -> HTML {
        .li(.class("cell repo-row")) {
            HTML.a(.class("repo-row__link"), .href(GitHubPath.repository.link(row.id)), .attr("aria-current", "page", when: isSelected),
                   .flag("data-github-loading")) {
                HTML.span(.class("repo-row__title")) {
                    HTML.span(.class("repo-row__name"), .attr("dir", "auto")) { row.name }
                    if let badge = row.privateBadge { HTML.span(.class("repo-badge")) { badge } }
                }
                if let description = row.description { HTML.span(.class("repo-row__description"), .attr("dir", "auto")) { description } }
                HTML.span(.class("repo-row__meta")) {
                    if let language = row.language {
                        HTML.span(.class("repo-language"), .attr("data-language", language.lowercased())) { language }
                    }
                    // The star and the short count stand for "1,234 stars": an image with that
                    // name (a label on a plain span is ignored by screen readers).
                    HTML.span(.class("repo-stars"), .attr("role", "img"), .ariaLabel(row.starsLabel)) {
                        GitHubIcons.star
                        HTML.span(.attr("aria-hidden", "true")) { row.starsText }
                    }
                    HTML.span(.class("repo-row__updated")) { row.updatedText }
                }
            }
        }
    }
}
