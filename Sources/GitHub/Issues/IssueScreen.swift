import Foundation
import Localization

/// One issue or pull request (issue 49): its title, state, author, when, labels and body, then
/// its comments, each with its author and when. The body and comments are Markdown: the web face
/// renders them by the README pipeline (the same sanitizer, the same image proxy). A pure value.
public struct IssueScreen: Sendable, Hashable {
    public struct Comment: Sendable, Hashable {
        public let id: Int
        public let author: String
        /// "octo commented 3 days ago".
        public let byline: String
        public let markdown: String
    }

    public enum Comments: Sendable, Hashable {
        case loaded([Comment])
        case none(String)
        case failed(FailureNotice)
    }

    public struct Details: Sendable, Hashable {
        public let title: String
        public let numberText: String
        public let isOpen: Bool
        public let stateText: String
        /// "octo opened this 3 days ago".
        public let byline: String
        public let labels: [LabelChip]
        /// The body's Markdown; nil when the author wrote none.
        public let markdown: String?
        /// "No description provided."
        public let noBody: String
        public let commentsTitle: String
        public let comments: Comments
        /// Under the 100th comment: the later ones are on GitHub.
        public let laterNote: String?
        public let webLink: CodeFileScreen.Link
    }

    public enum Content: Sendable, Hashable {
        case loading(String)
        case loaded(Details)
        case failed(FailureNotice)
    }

    public let location: CodeLocation
    public let kind: IssueListKind
    public let number: Int
    public let title: String
    public let back: CodeBack
    public let labelsTitle: String
    public let content: Content

    public init(
        location: CodeLocation, kind: IssueListKind, number: Int, page: IssuePage, catalogue: Catalogue, timeZone: TimeZone, now: Date
    ) {
        self.location = location
        self.kind = kind
        self.number = number
        title = catalogue.text("github.issue.title.\(kind.rawValue)", ["number": String(number)])
        var listTitle = catalogue.text("github.issues.\(kind.rawValue).title")
        if case .failed = page.repository { listTitle = catalogue.text("github.list.title") }
        back = CodeBack(title: listTitle, destination: .issues(location, kind))
        labelsTitle = catalogue.text("github.issues.labels")
        switch (page.repository, page.issue) {
        case (.failed(let failure), _), (_, .failed(let failure)):
            content = .failed(
                FailureNotice(failure, titleKey: "github.issue.failedTitle.\(kind.rawValue)", catalogue: catalogue, timeZone: timeZone, now: now,
                              notFoundKey: "github.failure.notFoundIssue"))
        case (.loading, _), (_, .loading):
            content = .loading(catalogue.text("github.issue.loading"))
        case (.loaded, .loaded(let issue)):
            content = .loaded(Self.details(issue, comments: page.comments, location: location, catalogue: catalogue, timeZone: timeZone, now: now))
        }
    }

    private static func details(
        _ issue: GitHubIssue, comments loaded: Loadable<[IssueComment]>, location: CodeLocation, catalogue: Catalogue, timeZone: TimeZone, now: Date
    ) -> Details {
        let dates = DateText(catalogue: catalogue, timeZone: timeZone)
        let unknown = catalogue.text("github.issues.unknownAuthor")
        func when(_ date: Date) -> String { UpdatedText.text(updatedAt: date, now: now, dates: dates, keys: "github.ago") }
        let comments: Comments
        var laterNote: String?
        switch loaded {
        case .loading, .loaded([]):
            comments = .none(catalogue.text("github.issue.noComments"))
        case .loaded(let list):
            comments = .loaded(list.map { comment in
                let author = comment.authorLogin ?? unknown
                return Comment(
                    id: comment.id, author: author,
                    byline: catalogue.text("github.issue.commented", ["author": author, "date": when(comment.createdAt)]),
                    markdown: comment.body)
            })
            if list.count >= GitHubService.commentCount { laterNote = catalogue.text("github.issue.laterComments") }
        case .failed(let failure):
            comments = .failed(
                FailureNotice(failure, titleKey: "github.issue.commentsFailedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
        }
        let author = issue.authorLogin ?? unknown
        let kind = issue.isPullRequest ? "pull" : "issues"
        return Details(
            title: issue.title, numberText: "#\(issue.number)", isOpen: issue.isOpen,
            stateText: catalogue.text("github.issues.state.\(issue.isOpen ? "open" : "closed")"),
            byline: catalogue.text("github.issue.opened", ["author": author, "date": when(issue.createdAt)]),
            labels: issue.labels.map(LabelChip.init),
            markdown: issue.body.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 },
            noBody: catalogue.text("github.issue.noBody"),
            commentsTitle: catalogue.text("github.issue.comments"),
            comments: comments, laterNote: laterNote,
            webLink: CodeFileScreen.Link(
                title: catalogue.text("github.detail.openOnGitHub"),
                url: GitHubWebAddress.page(
                    htmlURL: issue.htmlURL, owner: location.owner, name: location.name, kind: kind, rest: [String(issue.number)])))
    }
}
