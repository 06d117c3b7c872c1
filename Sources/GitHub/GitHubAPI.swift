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
}
