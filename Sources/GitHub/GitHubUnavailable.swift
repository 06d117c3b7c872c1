/// GitHub when the deck has no live client for it (a test deck that gives none): every call
/// fails as it would without network, so the app shows its upstream-failure state.
public struct GitHubUnavailable: GitHubAPI {
    public init() {}
    public func user(token: GitHubToken) async throws -> GitHubUser { throw GitHubFailure.offline }
    public func repositories(token: GitHubToken, count: Int) async throws -> [Repository] { throw GitHubFailure.offline }
    public func repository(id: Int, token: GitHubToken) async throws -> RepositoryDetails { throw GitHubFailure.offline }
    public func readme(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> Readme? {
        throw GitHubFailure.offline
    }
    public func tree(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> RepositoryTree? {
        throw GitHubFailure.offline
    }
    public func repository(owner: String, name: String, token: GitHubToken) async throws -> RepositoryDetails {
        throw GitHubFailure.offline
    }
    public func contents(owner: String, repository: String, path: String, ref: String?, token: GitHubToken) async throws -> RepositoryContents {
        throw GitHubFailure.offline
    }
    public func branches(owner: String, repository: String, count: Int, token: GitHubToken) async throws -> [GitReference] {
        throw GitHubFailure.offline
    }
    public func tags(owner: String, repository: String, count: Int, token: GitHubToken) async throws -> [GitReference] {
        throw GitHubFailure.offline
    }
    public func commits(
        owner: String, repository: String, ref: String?, page: Int, perPage: Int, token: GitHubToken
    ) async throws -> [CommitSummary] {
        throw GitHubFailure.offline
    }
    public func commit(owner: String, repository: String, sha: String, token: GitHubToken) async throws -> CommitDetails {
        throw GitHubFailure.offline
    }
    public func issues(owner: String, repository: String, state: IssueState, page: Int, perPage: Int, token: GitHubToken) async throws -> [GitHubIssue] {
        throw GitHubFailure.offline
    }
    public func pulls(owner: String, repository: String, state: IssueState, page: Int, perPage: Int, token: GitHubToken) async throws -> [GitHubIssue] {
        throw GitHubFailure.offline
    }
    public func issue(owner: String, repository: String, number: Int, token: GitHubToken) async throws -> GitHubIssue { throw GitHubFailure.offline }
    public func issueComments(owner: String, repository: String, number: Int, count: Int, token: GitHubToken) async throws -> [IssueComment] {
        throw GitHubFailure.offline
    }
    public func searchRepositories(query: String, page: Int, perPage: Int, token: GitHubToken) async throws -> RepositorySearch {
        throw GitHubFailure.offline
    }
    public func isStarred(owner: String, repository: String, token: GitHubToken) async throws -> Bool { throw GitHubFailure.offline }
    public func setStarred(_ starred: Bool, owner: String, repository: String, token: GitHubToken) async throws { throw GitHubFailure.offline }
}
