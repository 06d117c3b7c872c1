import GitHub
import Hummingbird
import WebShell

/// The commits of the branch or tag shown (issue 49): each commit's first line, author and when;
/// "Show More" is a link to the list with one more page, scrolled to the first commit it adds, so
/// it works without a script.
struct CommitListView {
    let screen: CommitListScreen

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        GitHubFrame.document(title: screen.title, page).page(page, status: status) {
            NavigationBar(title: screen.title, back: .init(href: CodeLinks.back(screen.back), label: screen.back.title)).html(page)
            HTML.main(.class("content github github-code")) {
                CodeFrame.repositoryCaption(screen.location)
                HTML.div(.class("list-section")) {
                    HTML.ul(.class("cells code-actions")) {
                        CodeFrame.referenceCell(name: screen.referenceName, label: screen.referenceLabel, location: screen.location)
                    }
                }
                content(page)
            }
            GitHubFrame.loadingOverlay(page)
        }
    }

    private func content(_ page: PageContext) -> HTML {
        switch screen.content {
        case .loading(let label):
            return .p(.class("github-state")) { ActivityIndicator.html(page); " "; label }
        case .failed(let notice):
            return GitHubFrame.failure(notice, retry: CodeLinks.commits(screen.location), page)
        case .empty(let text):
            return .p(.class("github-state code-empty")) { text }
        case .loaded(let rows):
            return .section(.class("list-section"), .ariaLabel(screen.title)) {
                HTML.ul(.class("cells commit-list")) {
                    for row in rows { self.row(row) }
                }
                if let more = screen.showMore {
                    HTML.div(.class("commit-list__more")) {
                        HTML.a(.class("button commit-list__show-more"),
                               .href(CodeLinks.commits(screen.location, pages: more.pages) + "#commit-\(more.firstNewPosition)"),
                               .flag("data-github-loading")) { more.title }
                    }
                }
                if let note = screen.olderNote {
                    HTML.p(.class("list-section__footer")) {
                        note
                        " "
                        HTML.a(.href(screen.webLink.url.absoluteString), .attr("target", "_blank"), .attr("rel", "noopener noreferrer")) {
                            screen.webLink.title
                        }
                    }
                }
            }
        }
    }

    private func row(_ row: CommitListScreen.Row) -> HTML {
        .li(.class("cell commit-row"), .id("commit-\(row.position)")) {
            HTML.a(.class("commit-row__link"), .href(CodeLinks.commit(screen.location, sha: row.sha)), .flag("data-github-loading")) {
                HTML.span(.class("commit-row__headline"), .attr("dir", "auto")) { row.headline }
                HTML.span(.class("commit-row__meta")) {
                    HTML.span(.class("commit-row__author"), .attr("dir", "auto")) { row.author }
                    HTML.span(.class("commit-row__date")) { row.dateText }
                    HTML.code(.class("commit-row__sha")) { row.shortSHA }
                }
            }
        }
    }
}
