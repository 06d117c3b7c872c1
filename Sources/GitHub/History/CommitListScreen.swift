import Foundation
import Localization

/// The commits of the branch or tag shown (issue 49): each commit's first line, its author (the
/// GitHub login, else the name written in it) and when, relative, in the device's time zone;
/// "Show More" for the next page while GitHub may have one. A pure value the web face draws.
public struct CommitListScreen: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public let sha: String
        public let shortSHA: String
        public let headline: String
        /// The login, the name, or "Unknown author".
        public let author: String
        /// "3 days ago".
        public let dateText: String
        /// Its place in the list, from 1: what "Show More" scrolls to.
        public let position: Int
    }

    public typealias Content = ListContent<Row>

    /// "Show More": the list with one more page, scrolled to the first commit it adds.
    public struct ShowMore: Sendable, Hashable {
        public let title: String
        public let pages: Int
        public let firstNewPosition: Int
    }

    /// The repository and the ref (nil: the default branch).
    public let location: CodeLocation
    public let title: String
    public let back: CodeBack
    public let referenceName: String?
    public let referenceLabel: String
    public let content: Content
    public let showMore: ShowMore?
    /// After the last page this list shows: the older commits are on GitHub.
    public let olderNote: String?
    /// The commits' page on GitHub.
    public let webLink: CodeFileScreen.Link

    public init(location: CodeLocation, page: CommitsPage, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        self.location = location
        title = catalogue.text("github.commits.title")
        back = CodeBack.repository(page.repository, catalogue: catalogue)
        var defaultBranch: String?
        if case .loaded(let details) = page.repository { defaultBranch = details.defaultBranch }
        referenceName = location.ref ?? defaultBranch
        referenceLabel = catalogue.text("github.code.reference", ["name": referenceName ?? ""])
        webLink = CodeFileScreen.Link(
            title: catalogue.text("github.detail.openOnGitHub"),
            url: GitHubWebAddress.page(
                htmlURL: nil, owner: location.owner, name: location.name, kind: "commits", rest: [referenceName ?? "HEAD"]))
        var showMore: ShowMore?
        var olderNote: String?
        switch (page.repository, page.commits) {
        case (.failed(let failure), _), (_, .failed(let failure)):
            content = .failed(
                FailureNotice(failure, titleKey: "github.commits.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now,
                              notFoundKey: "github.failure.notFoundPath"))
        case (.loading, _), (_, .loading):
            content = .loading(catalogue.text("github.commits.loading"))
        case (.loaded, .loaded(let commits)) where commits.isEmpty:
            content = .empty(catalogue.text("github.commits.empty"))
        case (.loaded, .loaded(let commits)):
            let dates = DateText(catalogue: catalogue, timeZone: timeZone)
            let unknown = catalogue.text("github.commits.unknownAuthor")
            content = .loaded(commits.enumerated().map { index, commit in
                Row(
                    sha: commit.sha, shortSHA: commit.shortSHA, headline: commit.headline, author: commit.author ?? unknown,
                    dateText: UpdatedText.text(updatedAt: commit.date, now: now, dates: dates, keys: "github.ago"),
                    position: index + 1)
            })
            if page.hasMore {
                showMore = ShowMore(title: catalogue.text("github.commits.showMore"), pages: page.pageCount + 1, firstNewPosition: commits.count + 1)
            } else if page.lastPageIsFull {
                olderNote = catalogue.text("github.commits.older")
            }
        }
        self.showMore = showMore
        self.olderNote = olderNote
    }
}
