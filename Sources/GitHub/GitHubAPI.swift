/// GitHub's REST API as the app needs it (GH-1…3, GH-10): the live client speaks HTTPS to
/// `api.github.com`; tests use a fake or a loopback stand-in.
///
/// Failures are thrown as `UpstreamFailure` (or `GitHubFailure`); `CancellationError` when the
/// calling task is cancelled. A 401 is `.badCredentials`.
public protocol GitHubAPI: Sendable {
    /// `GET /user`: who the token belongs to.
    func user(token: GitHubToken) async throws -> GitHubUser
    /// `GET /user/repos`, most recently updated first, at most `count` of them.
    func repositories(token: GitHubToken, count: Int) async throws -> [Repository]
    /// `GET /repositories/{id}`: one repository in full.
    func repository(id: Int, token: GitHubToken) async throws -> RepositoryDetails
    /// `GET /repos/{owner}/{repo}/readme?ref={branch}`; nil when there is none (404).
    func readme(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> Readme?
    /// `GET /repos/{owner}/{repo}/git/trees/{branch}?recursive=1`: the branch's folders; nil when
    /// GitHub has no tree for it (404, or 409 for an empty repository).
    func tree(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> RepositoryTree?

    // MARK: Code and history (issue 49)

    /// `GET /repos/{owner}/{repo}`: any repository the token can see, by its name.
    func repository(owner: String, name: String, token: GitHubToken) async throws -> RepositoryDetails
    /// `GET /repos/{owner}/{repo}/contents/{path}?ref={ref}`: a folder's entries or one file; `ref`
    /// nil is the default branch. A path or ref GitHub does not know is `.notFound`.
    func contents(owner: String, repository: String, path: String, ref: String?, token: GitHubToken) async throws -> RepositoryContents
    /// `GET /repos/{owner}/{repo}/branches?per_page={count}`: the first `count` (1…100) branches.
    func branches(owner: String, repository: String, count: Int, token: GitHubToken) async throws -> [GitReference]
    /// `GET /repos/{owner}/{repo}/tags?per_page={count}`: the first `count` (1…100) tags, newest first.
    func tags(owner: String, repository: String, count: Int, token: GitHubToken) async throws -> [GitReference]
    /// `GET /repos/{owner}/{repo}/commits?sha={ref}&per_page={perPage}&page={page}`: the commits
    /// reachable from `ref` (nil: the default branch), newest first; empty for an empty repository.
    func commits(owner: String, repository: String, ref: String?, page: Int, perPage: Int, token: GitHubToken) async throws -> [CommitSummary]
    /// `GET /repos/{owner}/{repo}/commits/{sha}`: one commit with the files it changed.
    func commit(owner: String, repository: String, sha: String, token: GitHubToken) async throws -> CommitDetails

    // MARK: Issues, pull requests, search and stars (issue 49)

    /// `GET /repos/{owner}/{repo}/issues?state={state}&per_page={perPage}&page={page}`: issues and
    /// pull requests alike, newest first, as GitHub lists them (each pull request marked).
    func issues(owner: String, repository: String, state: IssueState, page: Int, perPage: Int, token: GitHubToken) async throws -> [GitHubIssue]
    /// `GET /repos/{owner}/{repo}/pulls?state={state}&per_page={perPage}&page={page}`.
    func pulls(owner: String, repository: String, state: IssueState, page: Int, perPage: Int, token: GitHubToken) async throws -> [GitHubIssue]
    /// `GET /repos/{owner}/{repo}/issues/{number}`: an issue, or a pull request as an issue.
    func issue(owner: String, repository: String, number: Int, token: GitHubToken) async throws -> GitHubIssue
    /// `GET /repos/{owner}/{repo}/issues/{number}/comments?per_page={count}`: the first `count` (1…100), oldest first.
    func issueComments(owner: String, repository: String, number: Int, count: Int, token: GitHubToken) async throws -> [IssueComment]
    /// `GET /search/repositories?q={query}&per_page={perPage}&page={page}`: `query` sent as
    /// written, qualifiers and all. A query GitHub cannot run is `.server(status: 422)`.
    func searchRepositories(query: String, page: Int, perPage: Int, token: GitHubToken) async throws -> RepositorySearch
    /// `GET /user/starred/{owner}/{repo}`: 204 starred, 404 not.
    func isStarred(owner: String, repository: String, token: GitHubToken) async throws -> Bool
    /// `PUT /user/starred/{owner}/{repo}` (`starred` true) or `DELETE` (false); 204 on success.
    func setStarred(_ starred: Bool, owner: String, repository: String, token: GitHubToken) async throws
}
