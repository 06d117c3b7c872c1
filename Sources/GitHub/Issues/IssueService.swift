import Foundation

/// The issues', search's and stars' calls (issue 49), each with the stored token, as the
/// repository screens' are: `GitHubFailure` thrown, a refused token forgotten.
extension GitHubService {
    /// Items a page of issues or pull requests holds.
    public static let issuesPerPage = 30
    /// The most pages one list shows, as the commits' list.
    public static let maximumIssuePages = 10
    /// The comments an issue's screen shows (GitHub's largest page); the rest are on GitHub.
    public static let commentCount = 100
    /// Results a search shows: GitHub's first page of them.
    public static let searchResultCount = 30

    /// One page (from 1) of the repository's issues or pull requests as GitHub sent it: the
    /// issues endpoint's pull requests still in (`IssuesPage.items` leaves them out).
    public func getListedIssues(owner: String, name: String, kind: IssueListKind, state: IssueState, page: Int) async throws -> [GitHubIssue] {
        try await withStoredToken { token in
            switch kind {
            case .issues:
                try await api.issues(owner: owner, repository: name, state: state, page: page, perPage: Self.issuesPerPage, token: token)
            case .pulls:
                try await api.pulls(owner: owner, repository: name, state: state, page: page, perPage: Self.issuesPerPage, token: token)
            }
        }
    }

    public func getIssue(owner: String, name: String, number: Int) async throws -> GitHubIssue {
        try await withStoredToken { token in try await api.issue(owner: owner, repository: name, number: number, token: token) }
    }

    public func getIssueComments(owner: String, name: String, number: Int) async throws -> [IssueComment] {
        try await withStoredToken { token in
            try await api.issueComments(owner: owner, repository: name, number: number, count: Self.commentCount, token: token)
        }
    }

    /// Repositories matching `query`, GitHub's qualifiers (`language:swift stars:>100`) and all.
    public func searchRepositories(_ query: String) async throws -> RepositorySearch {
        try await withStoredToken { token in
            try await api.searchRepositories(query: query, page: 1, perPage: Self.searchResultCount, token: token)
        }
    }
}
