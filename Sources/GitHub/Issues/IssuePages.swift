import Foundation

/// What the issues' screens show, loaded in the order they need (issue 49).
extension GitHubService {
    /// Pages 1 through `pages` of the repository's issues or pull requests in `state`, asked at
    /// once like the commits' (the earlier pages are 304s on "Show More"). Pull requests the
    /// issues endpoint lists are left out of the issues, so a page may show fewer than it asked;
    /// whether GitHub has more is judged by what it sent, not by what is shown.
    public func issuesPage(owner: String, name: String, kind: IssueListKind, state: IssueState, pages: Int) async throws -> IssuesPage {
        let pages = min(max(pages, 1), Self.maximumIssuePages)
        async let repository = Loadable { try await getRepository(owner: owner, name: name) }
        let loaded = try await Loadable {
            try await withThrowingTaskGroup(of: (Int, [GitHubIssue]).self) { group in
                for page in 1...pages {
                    group.addTask { (page, try await self.getListedIssues(owner: owner, name: name, kind: kind, state: state, page: page)) }
                }
                var byPage: [Int: [GitHubIssue]] = [:]
                for try await (page, issues) in group { byPage[page] = issues }
                return (1...pages).map { byPage[$0] ?? [] }
            }
        }
        return IssuesPage(kind: kind, state: state, repository: try await repository, pages: loaded, pageCount: pages)
    }

    /// One issue or pull request with its comments, and the repository, asked at once.
    public func issuePage(owner: String, name: String, number: Int) async throws -> IssuePage {
        async let repository = Loadable { try await getRepository(owner: owner, name: name) }
        async let comments = Loadable { try await getIssueComments(owner: owner, name: name, number: number) }
        let issue = try await Loadable { try await getIssue(owner: owner, name: name, number: number) }
        return IssuePage(repository: try await repository, issue: issue, comments: try await comments)
    }
}

/// A list of issues or pull requests as loaded: each page as GitHub sent it.
public struct IssuesPage: Sendable {
    public let kind: IssueListKind
    public let state: IssueState
    public let repository: Loadable<RepositoryDetails>
    public let pages: Loadable<[[GitHubIssue]]>
    /// How many pages were asked.
    public let pageCount: Int

    public init(kind: IssueListKind, state: IssueState, repository: Loadable<RepositoryDetails>, pages: Loadable<[[GitHubIssue]]>, pageCount: Int) {
        self.kind = kind
        self.state = state
        self.repository = repository
        self.pages = pages
        self.pageCount = pageCount
    }

    /// What the list shows: issues without the pull requests among them, or the pull requests.
    public var items: Loadable<[GitHubIssue]> {
        switch pages {
        case .loading: .loading
        case .loaded(let pages): .loaded(pages.flatMap { $0 }.filter { kind == .pulls || !$0.isPullRequest })
        case .failed(let failure): .failed(failure)
        }
    }

    /// Whether GitHub may have more: the last page asked came back full.
    public var lastPageIsFull: Bool {
        guard case .loaded(let pages) = pages, let last = pages.last else { return false }
        return last.count >= GitHubService.issuesPerPage
    }

    public var hasMore: Bool {
        lastPageIsFull && pageCount < GitHubService.maximumIssuePages
    }

    public var signInNeeded: GitHubFailure? { .signInNeeded(repository.signInNeeded, pages.signInNeeded) }
}

/// One issue's screen as loaded.
public struct IssuePage: Sendable {
    public let repository: Loadable<RepositoryDetails>
    public let issue: Loadable<GitHubIssue>
    public let comments: Loadable<[IssueComment]>

    public init(repository: Loadable<RepositoryDetails>, issue: Loadable<GitHubIssue>, comments: Loadable<[IssueComment]>) {
        self.repository = repository
        self.issue = issue
        self.comments = comments
    }

    public var signInNeeded: GitHubFailure? { .signInNeeded(repository.signInNeeded, issue.signInNeeded, comments.signInNeeded) }
}
