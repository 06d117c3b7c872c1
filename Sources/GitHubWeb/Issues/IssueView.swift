import GitHub
import Hummingbird
import SafeMarkdown
import WebShell

/// One issue or pull request (issue 49): its state, title, number, who opened it and when, its
/// labels, its body, then each comment with its author and when; the Markdown made safe by the
/// README pipeline before it reaches this view. "Open on GitHub" under it.
struct IssueView {
    let screen: IssueScreen
    /// The "Image" placeholder's label, for pictures without a proxy.
    let imageLabel: String
    /// The body made safe, when it has one.
    var body: SanitizedHTML?
    /// Each comment made safe, by its id.
    var comments: [Int: SanitizedHTML] = [:]

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        var document = GitHubFrame.document(title: screen.title, page)
        if case .loaded(let details) = screen.content { document.head += IssueLabelsView.stylesheet(for: details.labels) }
        return CodeFrame.screen(
            title: screen.title, back: screen.back, caption: screen.location, kind: "github-issue", document: document, page, status: status
        ) {
            switch screen.content {
            case .loading(let label):
                GitHubFrame.loading(label, page)
            case .failed(let notice):
                GitHubFrame.failure(notice, retry: CodeLinks.issue(screen.location, kind: screen.kind, number: screen.number), page)
            case .loaded(let details):
                header(details)
                markdown(body, id: "issue-body", fallback: details.noBody)
                commentList(details, page)
                CodeFrame.webLink(details.webLink)
            }
        }
    }

    private func header(_ details: IssueScreen.Details) -> HTML {
        .header(.class("issue-header")) {
            HTML.h2(.class("issue-header__title"), .attr("dir", "auto")) {
                details.title
                " "
                HTML.span(.class("issue-header__number")) { details.numberText }
            }
            HTML.p(.class("issue-header__meta")) {
                HTML.span(.class("issue-header__state issue-header__state--\(details.isOpen ? "open" : "closed")")) {
                    IssueLabelsView.state(isOpen: details.isOpen, isPull: screen.kind == .pulls, text: details.stateText)
                    HTML.span(.attr("aria-hidden", "true")) { details.stateText }
                }
                HTML.span(.class("issue-header__byline"), .attr("dir", "auto")) { details.byline }
            }
            IssueLabelsView.html(details.labels, label: screen.labelsTitle)
        }
    }

    private func markdown(_ html: SanitizedHTML?, id: String, fallback: String?) -> HTML {
        .div(.class("list-section")) {
            if let html {
                HTML.div(.class("list-section__body markdown-body"), .id(id), .attr("data-image-label", imageLabel)) {
                    HTML.unescaped(sanitizedMarkup: html.markup)
                }
            } else if let fallback {
                HTML.p(.class("list-section__body prose issue-body__none")) { fallback }
            }
        }
    }

    private func commentList(_ details: IssueScreen.Details, _ page: PageContext) -> HTML {
        .section(.class("issue-comments"), .attr("aria-labelledby", "issue-comments-title")) {
            HTML.h2(.class("list-section__header"), .id("issue-comments-title")) { details.commentsTitle }
            switch details.comments {
            case .none(let text):
                HTML.p(.class("github-state issue-comments__none")) { text }
            case .failed(let notice):
                GitHubFrame.failure(notice, retry: CodeLinks.issue(screen.location, kind: screen.kind, number: screen.number), page)
            case .loaded(let list):
                for comment in list {
                    HTML.article(.class("issue-comment"), .id("comment-\(comment.id)"), .attr("aria-labelledby", "comment-\(comment.id)-by")) {
                        HTML.p(.class("issue-comment__byline"), .id("comment-\(comment.id)-by"), .attr("dir", "auto")) { comment.byline }
                        markdown(comments[comment.id], id: "comment-\(comment.id)-body", fallback: nil)
                    }
                }
                if let note = details.laterNote { HTML.p(.class("list-section__footer")) { note } }
            }
        }
    }
}
