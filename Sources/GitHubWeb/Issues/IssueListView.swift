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
        return document.page(page, status: status) {
            NavigationBar(title: screen.title, back: .init(href: CodeLinks.back(screen.back), label: screen.back.title)).html(page)
            HTML.main(.class("content github github-code github-issues")) {
                CodeFrame.repositoryCaption(screen.location)
                SegmentedControl(label: screen.stateLabel, segments: screen.segments.map { segment in
                    .init(href: CodeLinks.issues(screen.location, kind: screen.kind, state: segment.state), label: segment.title,
                          isSelected: segment.isSelected)
                }).html
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
            return GitHubFrame.failure(notice, retry: CodeLinks.issues(screen.location, kind: screen.kind, state: screen.state), page)
        case .empty(let text):
            return .p(.class("github-state issue-list__empty")) { text }
        case .loaded(let rows):
            return .section(.class("list-section"), .ariaLabel(screen.title)) {
                HTML.ul(.class("cells issue-list")) {
                    for row in rows { self.row(row, page) }
                }
                if let more = screen.showMore {
                    HTML.div(.class("commit-list__more")) {
                        HTML.a(.class("button issue-list__show-more"),
                               .href(CodeLinks.issues(screen.location, kind: screen.kind, state: screen.state, pages: more.pages)
                                   + "#issue-\(more.firstNewPosition)"),
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
