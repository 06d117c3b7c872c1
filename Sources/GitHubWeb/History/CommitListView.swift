import GitHub
import Hummingbird
import WebShell

/// The commits of the branch or tag shown (issue 49): each commit's first line, author and when;
/// "Show More" is a link to the list with one more page, scrolled to the first commit it adds, so
/// it works without a script.
struct CommitListView {
    let screen: CommitListScreen

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        CodeFrame.screen(title: screen.title, back: screen.back, caption: screen.location, page, status: status) {
            CodeFrame.actions(referenceName: screen.referenceName, referenceLabel: screen.referenceLabel, location: screen.location)
            content(page)
        }
    }

    private func content(_ page: PageContext) -> HTML {
        CodeFrame.list(screen.content, retry: CodeLinks.commits(screen.location), emptyClass: "code-empty", page) { rows in
            .section(.class("list-section"), .ariaLabel(screen.title)) {
                HTML.ul(.class("cells commit-list")) {
                    for row in rows { self.row(row) }
                }
                if let more = screen.showMore {
                    CodeFrame.showMore(
                        more.title, href: CodeLinks.commits(screen.location, pages: more.pages) + "#commit-\(more.firstNewPosition)",
                        kind: "commit-list__show-more")
                }
                if let note = screen.olderNote { CodeFrame.olderNote(note, link: screen.webLink) }
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
