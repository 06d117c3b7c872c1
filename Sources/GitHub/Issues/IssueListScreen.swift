import Foundation
import Localization

/// A repository's issues or pull requests (issue 49), open or closed on a segmented control:
/// each item's title, number, labels in their colours, author, comment count and when it was
/// opened, relative; "Show More" for the next page while GitHub may have one. The issues list
/// leaves pull requests out. A pure value the web face draws.
public struct IssueListScreen: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public let number: Int
        /// `#12`.
        public let numberText: String
        public let title: String
        public let isOpen: Bool
        /// "Open" or "Closed", for the state's icon.
        public let stateText: String
        public let labels: [LabelChip]
        /// The login, or "Deleted account".
        public let author: String
        /// "3 days ago".
        public let dateText: String
        /// "4" and "4 comments"; nil where GitHub does not say (the pulls list) or for none.
        public let commentsText: String?
        public let commentsLabel: String?
        /// Its place in the list, from 1: what "Show More" scrolls to.
        public let position: Int
    }

    public typealias Content = ListContent<Row>

    public struct ShowMore: Sendable, Hashable {
        public let title: String
        public let pages: Int
        public let firstNewPosition: Int
    }

    /// One segment of the open/closed control.
    public struct Segment: Sendable, Hashable {
        public let state: IssueState
        public let title: String
        public let isSelected: Bool
    }

    public let location: CodeLocation
    public let kind: IssueListKind
    public let state: IssueState
    public let title: String
    public let back: CodeBack
    public let stateLabel: String
    public let segments: [Segment]
    public let content: Content
    public let showMore: ShowMore?
    /// After the last page this list shows: the rest are on GitHub.
    public let olderNote: String?
    public let webLink: CodeFileScreen.Link

    public init(location: CodeLocation, page: IssuesPage, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        self.location = location
        kind = page.kind
        state = page.state
        let keys = "github.issues.\(page.kind.rawValue)"
        title = catalogue.text("\(keys).title")
        back = CodeBack.repository(page.repository, catalogue: catalogue)
        stateLabel = catalogue.text("github.issues.state.label")
        segments = IssueState.allCases.map { state in
            Segment(state: state, title: catalogue.text("github.issues.state.\(state.rawValue)"), isSelected: state == page.state)
        }
        webLink = CodeFileScreen.Link(
            title: catalogue.text("github.detail.openOnGitHub"),
            url: GitHubWebAddress.page(htmlURL: nil, owner: location.owner, name: location.name, kind: page.kind == .issues ? "issues" : "pulls", rest: []))
        var showMore: ShowMore?
        var olderNote: String?
        switch (page.repository, page.items) {
        case (.failed(let failure), _), (_, .failed(let failure)):
            content = .failed(
                FailureNotice(failure, titleKey: "\(keys).failedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
        case (.loading, _), (_, .loading):
            content = .loading(catalogue.text("\(keys).loading"))
        case (.loaded, .loaded(let items)) where items.isEmpty && !page.lastPageIsFull:
            content = .empty(catalogue.text("\(keys).empty.\(page.state.rawValue)"))
        case (.loaded, .loaded(let items)):
            let dates = DateText(catalogue: catalogue, timeZone: timeZone)
            content = .loaded(items.enumerated().map { index, issue in
                Self.row(issue, position: index + 1, catalogue: catalogue, dates: dates, now: now)
            })
            if page.hasMore {
                showMore = ShowMore(title: catalogue.text("github.commits.showMore"), pages: page.pageCount + 1, firstNewPosition: items.count + 1)
            } else if page.lastPageIsFull {
                olderNote = catalogue.text("\(keys).older")
            }
        }
        self.showMore = showMore
        self.olderNote = olderNote
    }

    static func row(_ issue: GitHubIssue, position: Int, catalogue: Catalogue, dates: DateText, now: Date) -> Row {
        let comments = issue.commentCount.flatMap { $0 > 0 ? $0 : nil }
        return Row(
            number: issue.number, numberText: "#\(issue.number)", title: issue.title, isOpen: issue.isOpen,
            stateText: catalogue.text("github.issues.state.\(issue.isOpen ? "open" : "closed")"),
            labels: issue.labels.map(LabelChip.init),
            author: issue.authorLogin ?? catalogue.text("github.issues.unknownAuthor"),
            dateText: UpdatedText.text(updatedAt: issue.createdAt, now: now, dates: dates, keys: "github.ago"),
            commentsText: comments.map { NumberText.format($0, language: catalogue.language) },
            commentsLabel: comments.map {
                catalogue.plural("github.issues.comments", count: $0, ["number": NumberText.format($0, language: catalogue.language)])
            },
            position: position)
    }
}
