import GitHub
import Hummingbird
import WebShell

/// A repository's issues or pull requests (issue 49): open or closed on a segmented control of
/// links (works without a script), each row's state, title, labels, number, author, when and
/// comments; "Show More" a link to the list with one more page, scrolled to the first it adds.
struct IssueListView {
    let screen: IssueListScreen

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        var document = GitHubFrame.document(title: screen.title, page)
        if case .loaded(let rows) = screen.content { document.head += IssueLabelsView.stylesheet(for: rows.flatMap(\.labels)) }
        return CodeFrame.screen(
            title: screen.title, back: screen.back, caption: screen.location, kind: "github-issues", document: document, page, status: status
        ) {
            SegmentedControl(label: screen.stateLabel, segments: screen.segments.map { segment in
                .init(href: CodeLinks.issues(screen.location, kind: screen.kind, state: segment.state), label: segment.title,
                      isSelected: segment.isSelected)
            }).html
            content(page)
        }
    }

    private func content(_ page: PageContext) -> HTML {
        let retry = CodeLinks.issues(screen.location, kind: screen.kind, state: screen.state)
        return CodeFrame.list(screen.content, retry: retry, emptyClass: "issue-list__empty", page) { rows in
            .section(.class("list-section"), .ariaLabel(screen.title)) {
                HTML.ul(.class("cells issue-list")) {
                    for row in rows { self.row(row, page) }
                }
                if let more = screen.showMore {
                    CodeFrame.showMore(
                        more.title,
                        href: CodeLinks.issues(screen.location, kind: screen.kind, state: screen.state, pages: more.pages)
                            + "#issue-\(more.firstNewPosition)",
                        kind: "issue-list__show-more")
                }
                if let note = screen.olderNote { CodeFrame.olderNote(note, link: screen.webLink) }
            }
        }
    }

    private func row(_ row: IssueListScreen.Row, _ page: PageContext) -> HTML {
        .li(.class("cell issue-row"), .id("issue-\(row.position)")) {
            HTML.a(.class("issue-row__link"), .href(CodeLinks.issue(screen.location, kind: screen.kind, number: row.number)),
                   .flag("data-github-loading")) {
                IssueLabelsView.state(isOpen: row.isOpen, isPull: screen.kind == .pulls, text: row.stateText)
                HTML.span(.class("issue-row__body")) {
                    HTML.span(.class("issue-row__title"), .attr("dir", "auto")) { row.title }
                    HTML.span(.class("issue-row__meta")) {
                        HTML.span(.class("issue-row__number")) { row.numberText }
                        HTML.span(.class("issue-row__author"), .attr("dir", "auto")) { row.author }
                        HTML.span(.class("issue-row__date")) { row.dateText }
                        if let text = row.commentsText, let label = row.commentsLabel {
                            HTML.span(.class("issue-row__comments"), .attr("role", "img"), .ariaLabel(label)) {
                                GitHubIcons.comment
                                HTML.span(.attr("aria-hidden", "true")) { text }
                            }
                        }
                    }
                }
            }
            // The labels sit outside the link: a list inside a link is not allowed, and each is read on its own.
            IssueLabelsView.html(row.labels, label: page.t("github.issues.labels"))
        }
    }
}
