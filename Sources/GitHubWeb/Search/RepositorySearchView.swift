import GitHub
import Hummingbird
import WebShell

/// Search results (issue 49): the field with the query, then the count and the repositories as
/// the list's rows, or why there are none: no match, a query GitHub cannot run, a failure
/// (search's own rate limit said as such).
struct RepositorySearchView {
    let screen: RepositorySearchScreen

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        GitHubFrame.document(title: screen.title, page).page(page, status: status) {
            NavigationBar(title: screen.title, back: .init(href: GitHubPath.list.path, label: page.t("github.list.title"))).html(page)
            HTML.main(.class("content github github-search-page")) {
                RepositorySearchForm.html(query: screen.query, page)
                content(page)
            }
            GitHubFrame.loadingOverlay(page)
        }
    }

    private func content(_ page: PageContext) -> HTML {
        switch screen.content {
        case .prompt(let text):
            return .p(.class("github-state github-search__prompt")) { text }
        case .loading(let label):
            return GitHubFrame.loading(label, page)
        case .empty(let title, let message), .invalid(let title, let message):
            return EmptyState(title: title, message: message).html
        case .failed(let notice, let note):
            return .fragment {
                GitHubFrame.failure(notice, retry: GitHubPath.search.link(query: ["q": screen.query]), page)
                if let note { HTML.p(.class("list-section__footer github-search__note")) { note } }
            }
        case .loaded(let caption, let rows, let note):
            return .section(.class("list-section"), .attr("aria-labelledby", "github-search-caption")) {
                HTML.h2(.class("list-section__header"), .id("github-search-caption")) { caption }
                HTML.ul(.class("cells repo-list")) {
                    for row in rows { RepositoryListView.row(row, isSelected: false) }
                }
                if let note { HTML.p(.class("list-section__footer")) { note } }
            }
        }
    }
}
